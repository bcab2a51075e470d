import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { syncQuerySchema, syncResponseSchema } from "@store/shared/schemas/catalog";
import { storeForEachTest, type TestStore } from "../../test/harness.ts";
import { plainSyncQuery } from "./catalog.routes.ts";
import { CatalogVersions } from "./catalog-versions.repo.ts";

describe("the sync's query read straight from the address", () => {
  /** The schema's reading of a query, as the route reads any other query. */
  const bySchema = (search: string) => syncQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));

  it.each(["since=0", "since=7", "since=007", "since=123456789012345", "since=7&compact=1"])(
    "reads %j as the schema does",
    (search) => {
      const schema = bySchema(search);
      expect(schema.success).toBe(true);
      expect(plainSyncQuery(search)).toEqual(schema.data);
    },
  );

  it.each([
    "",
    "since=",
    "since=-1",
    "since=1.5",
    "since=1234567890123456",
    "since=7&compact=0",
    "since=7&compact=1&limit=3",
    "since=7&after=x",
    "compact=1&since=7",
    "since=7&since=8",
    "%73ince=7",
    "since=7&other=1",
  ])("leaves %j to the schema", (search) => {
    expect(plainSyncQuery(search)).toBeNull();
  });
});

describe("catalog sync", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), { seed: true });

  it("sends the whole catalog to a client that has nothing", async () => {
    const res = await store.app.request("/api/sync");
    expect(res.status).toBe(200);
    const body = syncResponseSchema.parse(await res.json());
    expect(body.full).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(40);
    expect(body.categories.some((c) => c.slug === "gift-cards" && c.parentId === null)).toBe(true);
    expect(body.settings?.toggles.showNewsletter).toBe(true);
    expect(body.settings?.rate.usdToTnd).toBe(3.2);
  });

  it("sends an empty delta when nothing changed, and 304 for a matching ETag", async () => {
    const first = await store.app.request("/api/sync");
    const { version } = syncResponseSchema.parse(await first.json());
    const res = await store.app.request(`/api/sync?since=${version}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text.length).toBeLessThan(1024);
    const delta = syncResponseSchema.parse(JSON.parse(text));
    expect(delta.products).toEqual([]);
    expect(delta.settings).toBeNull();
    const etag = res.headers.get("ETag") ?? "";
    const again = await store.app.request(`/api/sync?since=${version}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("reads since among other parameters, encoded or repeated (the first counts), and refuses a malformed one", async () => {
    const { version } = syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
    const unchanged = await (await store.app.request(`/api/sync?since=${version}`)).text();
    for (const query of [`?other=1&since=${version}`, `?%73ince=${version}`, `?since=${version}&since=0`]) {
      const res = await store.app.request(`/api/sync${query}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(unchanged);
    }
    const compact = await store.app.request(`/api/sync?since=0&limit=2&compact=1`);
    expect(compact.headers.get("ETag")).toContain("catalog-c-full");
    expect(syncResponseSchema.parse(await compact.json()).next).not.toBeNull();
    for (const query of ["?since=abc", "?since=1&limit=0", `?since=${version}&limit=x`]) {
      expect((await store.app.request(`/api/sync${query}`)).status).toBe(400);
    }
  });

  it("sends only what changed, and deletions, after a version", async () => {
    const { version } = syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
    const versions = new CatalogVersions();
    await store.data.transaction(async (tx) => {
      const rev = await versions.bumpRev(tx);
      const { products } = tx.t;
      await tx.db.update(products).set({ title: "Renamed", rev }).where(eq(products.id, "steam-20"));
      await tx.db.delete(products).where(eq(products.id, "steam-50"));
      await versions.recordDeletion(tx, "products", "steam-50", rev);
    });
    const delta = syncResponseSchema.parse(await (await store.app.request(`/api/sync?since=${version}`)).json());
    expect(delta.full).toBe(false);
    expect(delta.version).toBe(version + 1);
    expect(delta.products.map((p) => p.title)).toEqual(["Renamed"]);
    expect(delta.deleted.products).toEqual(["steam-50"]);
  });

  it("pages the catalog by product id: every product exactly once, the rest of the catalog on the first page", async () => {
    const whole = syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
    expect(whole.next).toBeNull();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = after === null ? "" : `&after=${encodeURIComponent(after)}`;
      const page = syncResponseSchema.parse(
        await (await store.app.request(`/api/sync?since=0&limit=7${query}`)).json(),
      );
      expect(page.full).toBe(true);
      expect(page.products.length).toBeLessThanOrEqual(7);
      if (pages === 0) {
        expect(page.categories).toEqual(whole.categories);
        expect(page.settings).toEqual(whole.settings);
      } else {
        expect(page.categories).toEqual([]);
        expect(page.settings).toBeNull();
      }
      seen.push(...page.products.map((p) => p.id));
      after = page.next;
      pages++;
    } while (after !== null);
    expect(pages).toBe(Math.ceil(whole.products.length / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(whole.products.map((p) => p.id).sort());
  });

  it("answers the first screen with the home sections' products and the product asked for", async () => {
    const whole = syncResponseSchema.parse(await (await store.app.request("/api/sync")).json());
    // The oldest product is in no home section of the demo catalog: asked for, it is sent.
    const oldest = [...whole.products].sort((a, b) => a.createdAt - b.createdAt)[0];
    const home = syncResponseSchema.parse(await (await store.app.request("/api/first")).json());
    expect(home.full).toBe(false);
    expect(home.products.length).toBeLessThanOrEqual(24);
    const newest = [...whole.products].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
    expect(home.products.map((p) => p.id)).toEqual(expect.arrayContaining(newest.slice(0, 8).map((p) => p.id)));
    expect(home.categories).toEqual(whole.categories);
    expect(home.settings).toEqual(whole.settings);
    const asked = syncResponseSchema.parse(await (await store.app.request(`/api/first?product=${oldest?.id}`)).json());
    expect(asked.products.find((p) => p.id === oldest?.id)).toEqual(oldest);
    const missing = await store.app.request("/api/first?product=no-such-product");
    expect(syncResponseSchema.parse(await missing.json()).products.map((p) => p.id)).toEqual(
      home.products.map((p) => p.id),
    );
  });

  it("leaves out of each product its fields at their default when asked for compact=1, and parsing fills them back", async () => {
    for (const path of ["/api/sync?since=0", "/api/first?product=steam-20"]) {
      const whole = await store.app.request(path);
      const compact = await store.app.request(`${path}&compact=1`);
      const [wholeText, compactText] = [await whole.text(), await compact.text()];
      for (const atDefault of ['"variants":[]', '"tagline":""', '"discountPercent":0', '"TND":0', '"inStock":true']) {
        expect(wholeText).toContain(atDefault);
        expect(compactText).not.toContain(atDefault);
      }
      expect(compactText.length).toBeLessThan(wholeText.length * 0.9);
      const parsed = syncResponseSchema.parse(JSON.parse(compactText));
      expect(parsed).toEqual(syncResponseSchema.parse(JSON.parse(wholeText)));
      expect(parsed.products.length).toBeGreaterThan(0);
      // The two forms have their own ETags: a copy of one never revalidates the other.
      const etag = whole.headers.get("ETag") ?? "";
      expect(compact.headers.get("ETag")).not.toBe(etag);
      const other = await store.app.request(`${path}&compact=1`, { headers: { "If-None-Match": etag } });
      expect(other.status).toBe(200);
    }
  });

  it("refuses a malformed page size or form with a 400", async () => {
    for (const limit of ["0", "abc", "2001", "-5"]) {
      expect((await store.app.request(`/api/sync?since=0&limit=${limit}`)).status).toBe(400);
    }
    for (const compact of ["0", "true", ""]) {
      expect((await store.app.request(`/api/sync?since=0&compact=${compact}`)).status).toBe(400);
      expect((await store.app.request(`/api/first?compact=${compact}`)).status).toBe(400);
    }
  });

  it("refuses a malformed version with a 400 JSON error", async () => {
    for (const since of ["abc", "-1", "1.5", "99999999999999999999"]) {
      const res = await store.app.request(`/api/sync?since=${since}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it("lists categories as the spec's GET /api/categories", async () => {
    const res = await store.app.request("/api/categories");
    const list = (await res.json()) as { id: string; name: string; parentId: string | null }[];
    expect(list.find((c) => c.name === "Steam Wallet")?.parentId).toBe("cat-gift-cards");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await store.app.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
