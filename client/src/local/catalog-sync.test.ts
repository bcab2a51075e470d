import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import { applySync } from "./apply-sync.ts";
import { fetchFirstScreen, localVersion, syncOnce } from "./catalog-sync.ts";
import { META, type StoreDb } from "./db.ts";
import type { Product } from "@store/shared/schemas/catalog";
import { category, product, syncResponse } from "../test/fixtures.ts";
import { compactSync } from "@store/shared/compact-sync";

const currentDb = storeDbPerTest("sync-test");
let db: StoreDb;
beforeEach(() => {
  db = currentDb();
});

const settings = {
  toggles: { showNewsletter: false, showPremium: true, showPromo: true },
  rate: { usdToTnd: 3.1, updatedAt: 5 },
  paymentInstructions: { en: "Pay by D17.", fr: "Payez par D17.", ar: "ادفع عبر D17." },
  manualDeliveryHours: 24,
  maxQtyPerOrder: 10,
};

describe("applySync", () => {
  it("replaces every local table on a full answer", async () => {
    await applySync(db, syncResponse({ version: 3, products: [product("old")], categories: [category("c-old")] }));
    await applySync(
      db,
      syncResponse({ version: 7, full: true, products: [product("a"), product("b")], categories: [category("c1")] }),
    );
    expect((await db.products.toArray()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect((await db.categories.toArray()).map((c) => c.id)).toEqual(["c1"]);
    expect(await localVersion(db)).toBe(7);
  });

  it("merges a delta: updates changed rows, adds new ones and keeps the rest", async () => {
    await applySync(db, syncResponse({ version: 2, products: [product("a", { title: "A1" }), product("b")] }));
    await applySync(
      db,
      syncResponse({ version: 4, full: false, products: [product("a", { title: "A2" }), product("c")] }),
    );
    const rows = await db.products.toArray();
    expect(rows.map((p) => p.id).sort()).toEqual(["a", "b", "c"]);
    expect((await db.products.get("a"))?.title).toBe("A2");
    expect(await localVersion(db)).toBe(4);
  });

  it("deletes the ids a delta lists as deleted", async () => {
    await applySync(
      db,
      syncResponse({ version: 2, products: [product("a"), product("b")], categories: [category("x"), category("y")] }),
    );
    await applySync(
      db,
      syncResponse({ version: 3, full: false, deleted: { products: ["a"], categories: ["y"], banners: ["missing"] } }),
    );
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["b"]);
    expect((await db.categories.toArray()).map((c) => c.id)).toEqual(["x"]);
  });

  it("stores settings when sent and keeps them when the answer says null", async () => {
    await applySync(db, syncResponse({ version: 1, settings }));
    await applySync(db, syncResponse({ version: 2, full: false, settings: null }));
    expect((await db.meta.get(META.settings))?.value).toEqual(settings);
  });
});

describe("syncOnce", () => {
  it("asks for changes since the local version and stores the answer with its ETag", async () => {
    await applySync(db, syncResponse({ version: 5, products: [product("a")] }));
    const body = syncResponse({ version: 6, full: false, products: [product("b")] });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { ETag: '"v6"' } }));
    expect(await syncOnce(db, fetchImpl)).toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith("/api/sync?since=5&compact=1", expect.anything());
    expect((await db.products.toArray()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect((await db.meta.get(META.etag))?.value).toBe('"v6"');
  });

  it("sends If-None-Match and leaves the catalog alone on 304", async () => {
    await applySync(db, syncResponse({ version: 5, products: [product("a")] }), '"v5"');
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      expect(new Headers(init?.headers).get("If-None-Match")).toBe('"v5"');
      return new Response(null, { status: 304 });
    });
    expect(await syncOnce(db, fetchImpl)).toBe(true);
    expect(await db.products.count()).toBe(1);
  });

  it("reports failure and keeps the local copy when the server errors or answers garbage", async () => {
    await applySync(db, syncResponse({ version: 5, products: [product("a")] }));
    expect(await syncOnce(db, async () => new Response("{}", { status: 500 }))).toBe(false);
    expect(await syncOnce(db, async () => new Response(JSON.stringify({ version: "x" }), { status: 200 }))).toBe(false);
    expect(await db.products.count()).toBe(1);
    expect(await localVersion(db)).toBe(5);
  });

  it("stores whole products from a compact answer: the fields it left out come back at their default", async () => {
    const plain = product("plain", { platform: "", region: "", sku: "" });
    const rich = product("rich", {
      price: { USD: 1000, TND: 3200, EUR: 0, EGP: 0 },
      variants: [{ id: "v1", name: "50", price: { USD: 0, TND: 0, EUR: 920, EGP: 0 } }],
      categoryId: "c1",
      discountPercent: 20,
      inStock: false,
      deliveryMode: "automatic",
      lowStockThreshold: 0,
      version: 3,
    });
    const text = JSON.stringify(compactSync(syncResponse({ version: 2, products: [plain, rich] })));
    expect(text).not.toMatch(/"tagline"|"EGP"|"sales"/);
    const fetchImpl = vi.fn(async () => new Response(text, { status: 200 }));
    expect(await syncOnce(db, fetchImpl)).toBe(true);
    expect(await db.products.get("plain")).toEqual(plain);
    expect(await db.products.get("rich")).toEqual(rich);
  });

  it("asks for a full copy when nothing is stored yet", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(syncResponse({ version: 1 })), { status: 200 }));
    await syncOnce(db, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith("/api/sync?since=0&compact=1", expect.anything());
  });
});

/** A server that answers /api/sync in pages of `size` products by id, as the real one does; `edit` runs before
 * each answer (to change the catalog mid-walk), `drop` says which requests lose their connection. */
function pagedServer(catalog: { version: number; products: Product[] }, size: number) {
  const urls: string[] = [];
  let drop: (url: string) => boolean = () => false;
  let edit: (n: number) => void = () => undefined;
  const fetchImpl = vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    urls.push(url);
    edit(urls.length);
    if (drop(url)) throw new TypeError("Failed to fetch");
    const query = new URL(url, "http://store").searchParams;
    const since = Number(query.get("since"));
    const after = query.get("after");
    const full = since === 0;
    const changed = catalog.products
      .filter((p) => full || p.version > since)
      .sort((x, y) => (x.id < y.id ? -1 : 1))
      .filter((p) => after === null || p.id > after);
    const page = changed.slice(0, size);
    const next = changed.length > size ? (page.at(-1)?.id ?? null) : null;
    const answer = syncResponse({ version: catalog.version, full, next, products: page });
    return Response.json(query.get("compact") === "1" ? compactSync(answer) : answer);
  });
  return {
    fetchImpl,
    urls,
    dropWhen: (rule: (url: string) => boolean) => (drop = rule),
    onRequest: (rule: (n: number) => void) => (edit = rule),
  };
}

const numbered = (n: number, version = 1) =>
  Array.from({ length: n }, (_, i) => product(`p${String(i).padStart(3, "0")}`, { version }));

describe("a sync in pages", () => {
  it("walks every page and holds the catalog's version only once the last one is stored", async () => {
    const server = pagedServer({ version: 4, products: numbered(10) }, 3);
    expect(await syncOnce(db, server.fetchImpl)).toBe(true);
    expect(server.urls).toEqual([
      "/api/sync?since=0&compact=1",
      "/api/sync?since=0&after=p002&compact=1",
      "/api/sync?since=0&after=p005&compact=1",
      "/api/sync?since=0&after=p008&compact=1",
    ]);
    expect(await db.products.count()).toBe(10);
    expect(await localVersion(db)).toBe(4);
    expect(await db.meta.get(META.syncProgress)).toBeUndefined();
  });

  it("resumes after a dropped connection at the next page, not the first", async () => {
    const server = pagedServer({ version: 4, products: numbered(10) }, 3);
    server.dropWhen((url) => url.includes("after=p005"));
    expect(await syncOnce(db, server.fetchImpl)).toBe(false);
    // Two pages stored, the position kept, the copy not yet complete at any version.
    expect(await db.products.count()).toBe(6);
    expect(await localVersion(db)).toBe(0);
    expect((await db.meta.get(META.syncProgress))?.value).toEqual({ since: 0, version: 4, after: "p005" });

    server.dropWhen(() => false);
    server.urls.length = 0;
    expect(await syncOnce(db, server.fetchImpl)).toBe(true);
    // It goes on from p005, then checks once more from the first page's version (nothing changed).
    expect(server.urls).toEqual([
      "/api/sync?since=0&after=p005&compact=1",
      "/api/sync?since=0&after=p008&compact=1",
      "/api/sync?since=4&compact=1",
    ]);
    expect(await db.products.count()).toBe(10);
    expect(await localVersion(db)).toBe(4);
  });

  it("walks again from the first page's version when the catalog changed during the walk", async () => {
    const catalog = { version: 4, products: numbered(9) };
    const server = pagedServer(catalog, 3);
    // After the second page is asked for, the operator renames p000, whose page is already stored.
    server.onRequest((n) => {
      if (n !== 3) return;
      catalog.version = 5;
      catalog.products[0] = product("p000", { title: "Renamed", version: 5 });
    });
    expect(await syncOnce(db, server.fetchImpl)).toBe(true);
    expect(server.urls.at(-1)).toBe("/api/sync?since=4&compact=1");
    expect((await db.products.get("p000"))?.title).toBe("Renamed");
    expect(await localVersion(db)).toBe(5);
  });
});

describe("the first screen's answer", () => {
  afterEach(() => {
    globalThis.__firstSync = undefined;
    vi.unstubAllGlobals();
  });

  it("takes what index.html fetched, once, then asks the network", async () => {
    const network = vi.fn(async () => Response.json(syncResponse({ version: 9, full: false })));
    globalThis.__firstSync = Promise.resolve(Response.json(syncResponse({ version: 5, products: [product("a")] })));
    expect((await fetchFirstScreen("/", network))?.version).toBe(5);
    expect(network).not.toHaveBeenCalled();
    expect(globalThis.__firstSync).toBeUndefined();
    expect((await fetchFirstScreen("/product/a%20b", network))?.version).toBe(9);
    expect(network).toHaveBeenCalledWith("/api/first?product=a%20b&compact=1", expect.anything());
  });

  it("fills back the fields a compact answer left out", async () => {
    const home = product("a", { discountPercent: 0, tagline: "" });
    globalThis.__firstSync = Promise.resolve(Response.json(compactSync(syncResponse({ products: [home] }))));
    expect((await fetchFirstScreen("/", vi.fn()))?.products).toEqual([home]);
  });

  it("asks again when the prefetch failed, and answers null when the network fails too", async () => {
    const failed = Promise.reject(new TypeError("offline"));
    failed.catch(() => undefined); // as index.html does: the app handles the failure when it takes it
    globalThis.__firstSync = failed;
    const network = vi.fn(async () => Response.json(syncResponse({ version: 3 })));
    expect((await fetchFirstScreen("/", network))?.version).toBe(3);
    expect(network).toHaveBeenCalledWith("/api/first?compact=1", expect.anything());
    expect(await fetchFirstScreen("/", async () => Promise.reject(new TypeError("offline")))).toBeNull();
  });
});
