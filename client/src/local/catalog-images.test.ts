import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import { product } from "../test/fixtures.ts";
import { META } from "./meta.ts";
import {
  mayPrefetchImages,
  picturesToEvict,
  prefetchCatalogImages,
  PRODUCT_IMAGES_CACHE,
  type PrefetchDeps,
} from "./catalog-images.ts";

/** An in-memory CacheStorage with the few calls the prefetch makes. */
function memoryCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    match: (url: string) => Promise.resolve(entries.get(url)?.clone()),
    put: (url: string, response: Response) => {
      entries.set(url, response);
      return Promise.resolve();
    },
    delete: (url: string) => Promise.resolve(entries.delete(url)),
  };
  const opened: string[] = [];
  const caches = {
    open: (name: string) => {
      opened.push(name);
      return Promise.resolve(cache);
    },
  } as unknown as CacheStorage;
  return { caches, entries, opened };
}

/** A server whose pictures are `size` bytes each; it records what was asked. */
function pictureServer(size = 1000) {
  const asked: string[] = [];
  const fetchImpl = ((url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(new Uint8Array(size), { headers: { "Content-Type": "image/webp" } }));
  }) as unknown as typeof fetch;
  return { fetch: fetchImpl, asked };
}

describe("mayPrefetchImages", () => {
  it("fetches ahead unless data is saved, the network is mobile or very slow", () => {
    expect(mayPrefetchImages(undefined)).toBe(true);
    expect(mayPrefetchImages({ effectiveType: "4g" })).toBe(true);
    expect(mayPrefetchImages({ type: "wifi", saveData: false })).toBe(true);
    expect(mayPrefetchImages({ saveData: true })).toBe(false);
    expect(mayPrefetchImages({ type: "cellular" })).toBe(false);
    expect(mayPrefetchImages({ effectiveType: "2g" })).toBe(false);
    expect(mayPrefetchImages({ effectiveType: "slow-2g" })).toBe(false);
  });
});

describe("picturesToEvict", () => {
  it("drops pictures the catalog no longer has, then the oldest until the budget fits", () => {
    const ledger = {
      "/uploads/a.webp": { bytes: 400, at: 3 },
      "/uploads/b.webp": { bytes: 400, at: 1 },
      "/uploads/c.webp": { bytes: 400, at: 2 },
      "/uploads/gone.webp": { bytes: 400, at: 4 },
    };
    const wanted = new Set(["/uploads/a.webp", "/uploads/b.webp", "/uploads/c.webp"]);
    expect(picturesToEvict(ledger, wanted, 2000)).toEqual(["/uploads/gone.webp"]);
    expect(picturesToEvict(ledger, wanted, 800)).toEqual(["/uploads/gone.webp", "/uploads/b.webp"]);
    expect(picturesToEvict(ledger, wanted, 300)).toEqual([
      "/uploads/gone.webp",
      "/uploads/b.webp",
      "/uploads/c.webp",
      "/uploads/a.webp",
    ]);
  });
});

describe("prefetchCatalogImages", () => {
  const db = storeDbPerTest("catalog-images-test");

  async function catalog(version: number, pictures: { id: string; image: string; sales: number }[]) {
    await db().products.bulkPut(pictures.map(({ id, ...over }) => product(id, over)));
    await db().meta.put({ key: META.catalogVersion, value: version });
  }

  function deps(over: Partial<PrefetchDeps> & Pick<PrefetchDeps, "caches" | "fetch">): PrefetchDeps {
    return { db: db(), connection: undefined, now: () => 1000, ...over };
  }

  it("caches the pictures best sellers first, within the budget, and none twice", async () => {
    await catalog(7, [
      { id: "a", image: "/uploads/a.webp", sales: 1 },
      { id: "b", image: "/uploads/b.webp", sales: 9 },
      { id: "c", image: "/uploads/c.webp", sales: 5 },
      { id: "d", image: "https://elsewhere.test/d.png", sales: 8 },
      { id: "e", image: "/uploads/b.webp", sales: 0 },
    ]);
    const store = memoryCaches();
    const server = pictureServer(1000);
    const result = await prefetchCatalogImages(deps({ ...store, fetch: server.fetch, budget: 2500 }));
    expect(server.asked).toEqual(["/uploads/b.webp", "/uploads/c.webp", "/uploads/a.webp"]);
    expect(result).toEqual({ fetched: 2, bytes: 2000 });
    expect([...store.entries.keys()]).toEqual(["/uploads/b.webp", "/uploads/c.webp"]);
    expect(store.opened).toEqual([PRODUCT_IMAGES_CACHE]);
    expect(await store.entries.get("/uploads/b.webp")?.blob()).toHaveProperty("size", 1000);
  });

  it("skips pictures already cached (seen by the shopper) and does nothing again for the same catalog", async () => {
    await catalog(3, [
      { id: "a", image: "/uploads/a.webp", sales: 2 },
      { id: "b", image: "/uploads/b.webp", sales: 1 },
    ]);
    const store = memoryCaches();
    store.entries.set("/uploads/a.webp", new Response("seen"));
    const server = pictureServer();
    expect(await prefetchCatalogImages(deps({ ...store, fetch: server.fetch }))).toEqual({ fetched: 1, bytes: 1000 });
    expect(server.asked).toEqual(["/uploads/b.webp"]);
    await prefetchCatalogImages(deps({ ...store, fetch: server.fetch }));
    expect(server.asked).toEqual(["/uploads/b.webp"]);

    // A new catalog version with a new picture: only that one is fetched; a picture gone leaves the cache.
    await db().products.delete("b");
    await catalog(4, [{ id: "c", image: "/uploads/c.webp", sales: 5 }]);
    const result = await prefetchCatalogImages(deps({ ...store, fetch: server.fetch }));
    expect(server.asked).toEqual(["/uploads/b.webp", "/uploads/c.webp"]);
    expect(result).toEqual({ fetched: 1, bytes: 1000 });
    expect(store.entries.has("/uploads/b.webp")).toBe(false);
    expect(store.entries.has("/uploads/a.webp")).toBe(true);
  });

  it("fetches nothing when the shopper saves data or is on a mobile network, and tries again later", async () => {
    await catalog(1, [{ id: "a", image: "/uploads/a.webp", sales: 1 }]);
    const store = memoryCaches();
    const server = pictureServer();
    await prefetchCatalogImages(deps({ ...store, fetch: server.fetch, connection: { saveData: true } }));
    await prefetchCatalogImages(deps({ ...store, fetch: server.fetch, connection: { type: "cellular" } }));
    expect(server.asked).toEqual([]);
    await prefetchCatalogImages(deps({ ...store, fetch: server.fetch, connection: { type: "wifi" } }));
    expect(server.asked).toEqual(["/uploads/a.webp"]);
  });

  it("stops when the network goes, and finishes at the next sync of the same catalog", async () => {
    await catalog(1, [
      { id: "a", image: "/uploads/a.webp", sales: 2 },
      { id: "b", image: "/uploads/b.webp", sales: 1 },
    ]);
    const store = memoryCaches();
    const offline = (() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    expect(await prefetchCatalogImages(deps({ ...store, fetch: offline }))).toEqual({ fetched: 0, bytes: 0 });
    const server = pictureServer();
    expect(await prefetchCatalogImages(deps({ ...store, fetch: server.fetch }))).toEqual({ fetched: 2, bytes: 2000 });
  });
});
