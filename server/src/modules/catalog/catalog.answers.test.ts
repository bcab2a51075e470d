/** Catalog answers built once per catalog version (docs/decisions.md D27): the sync, the category list, the
 * sitemap and the pages, kept compressed, and never stale on an instance when another one edits. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncResponseSchema } from "@store/shared/schemas/catalog";
import { buildApp } from "../../app.ts";
import { TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";
import { openAdminStore, type AdminClient } from "../../test/admin-session.ts";
import { CatalogRepo } from "./catalog.repo.ts";

const INDEX = `<!doctype html><html><head><title>Digital Store</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>`;

describe("catalog answers, built once per version", () => {
  let store: TestStore;
  let admin: AdminClient;
  let dist: string;
  beforeEach(async () => {
    ({ store, admin } = await openAdminStore());
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "dist-"));
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** A second server instance on the same database, with its own services (and so its own answers). */
  const secondInstance = () => buildApp({ config: { ...store.config, clientDist: dist }, data: store.data });

  it("reads the catalog once for many requests of the same version, and again after an edit", async () => {
    const reads = vi.spyOn(CatalogRepo.prototype, "productsPage");
    const bodies = await Promise.all(
      Array.from({ length: 5 }, async () => (await store.app.request("/api/sync")).text()),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(reads).toHaveBeenCalledTimes(1);
    await admin.request("PUT", "/api/admin/products/steam-20", { title: "Steam Wallet Twenty" });
    const after = syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
    expect(after.products.find((p) => p.id === "steam-20")?.title).toBe("Steam Wallet Twenty");
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("sends the sync compressed with Brotli or gzip, the same catalog either way, and 304 when current", async () => {
    const plain = await (await store.app.request("/api/sync")).text();
    const br = await store.app.request("/api/sync", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(plain);
    const gz = await store.app.request("/api/sync", { headers: { "Accept-Encoding": "gzip" } });
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const etag = br.headers.get("ETag") ?? "";
    const again = await store.app.request("/api/sync", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves the new version on every instance as soon as any instance commits an edit", async () => {
    const other = secondInstance();
    const sync = async (app: typeof other) => syncResponseSchema.parse(await (await app.request("/api/sync")).json());
    const categories = async (app: typeof other) =>
      (await (await app.request("/api/categories")).json()) as { name: string }[];
    // Both instances hold built answers of the current version.
    const before = await sync(other);
    await categories(other);
    await other.request("/sitemap.xml");
    expect((await other.request("/product/steam-20")).status).toBe(200);

    // The edit goes through the first instance.
    await admin.request("PUT", "/api/admin/products/steam-20", { title: "Steam Wallet Twenty" });
    const created = (await (await admin.request("POST", "/api/categories", { name: "Retro" })).json()) as {
      slug: string;
    };

    const after = await sync(other);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.products.find((p) => p.id === "steam-20")?.title).toBe("Steam Wallet Twenty");
    expect((await categories(other)).map((c) => c.name)).toContain("Retro");
    expect(await (await other.request("/sitemap.xml")).text()).toContain(`/category/${created.slug}`);
    expect(await (await other.request("/product/steam-20")).text()).toContain("<title>Steam Wallet Twenty |");
    const delta = syncResponseSchema.parse(await (await other.request(`/api/sync?since=${before.version}`)).json());
    expect(delta.products.map((p) => p.id)).toEqual(["steam-20"]);
  });

  it.skipIf(TEST_ON_POSTGRES)(
    "on SQLite, serves an edit another process commits to the same file on the next request",
    async () => {
      const sync = async () => syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
      const before = await sync();
      await sync(); // answered without reading the version again: nothing was committed
      const other = new Database(path.join(store.dataDir, "store.db"));
      try {
        other.exec("UPDATE catalog_state SET rev = rev + 1 WHERE id = 1");
        other
          .prepare("UPDATE products SET title = 'Edited elsewhere', rev = (SELECT rev FROM catalog_state) WHERE id = ?")
          .run("steam-20");
      } finally {
        other.close();
      }
      await new Promise((resolve) => setImmediate(resolve));
      const after = await sync();
      expect(after.version).toBe(before.version + 1);
      expect(after.products.find((p) => p.id === "steam-20")?.title).toBe("Edited elsewhere");
    },
  );

  it("answers a page that does not exist with 404 every time, without keeping it", async () => {
    const other = secondInstance();
    for (let i = 0; i < 2; i++) expect((await other.request("/product/no-such-thing")).status).toBe(404);
    const page = await other.request("/product/steam-20", { headers: { "Accept-Encoding": "br" } });
    expect(page.headers.get("Content-Encoding")).toBe("br");
    const etag = page.headers.get("ETag") ?? "";
    expect((await other.request("/product/steam-20", { headers: { "If-None-Match": etag } })).status).toBe(304);
  });
});
