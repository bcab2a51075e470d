import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applySync } from "./apply-sync.ts";
import { fetchWithPrefetch, localVersion, looksLikeSyncResponse, syncOnce } from "./catalog-sync.ts";
import { META, openStoreDb, type StoreDb } from "./db.ts";
import { category, product, syncResponse } from "../test/fixtures.ts";

let db: StoreDb;
let n = 0;
beforeEach(() => {
  db = openStoreDb(`sync-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const settings = {
  toggles: { showNewsletter: false, showPremium: true, showPromo: true },
  rate: { usdToTnd: 3.1, updatedAt: 5 },
  paymentInstructions: { en: "Pay by D17.", fr: "Payez par D17.", ar: "ادفع عبر D17." },
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
    expect(fetchImpl).toHaveBeenCalledWith("/api/sync?since=5", expect.anything());
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

  it("hands the answer over as soon as it arrives and stores it only once told to", async () => {
    await applySync(db, syncResponse({ version: 7 }));
    const body = syncResponse({ version: 8, products: [product("a")] });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    let store: () => void = () => undefined;
    const storeAfter = new Promise<void>((resolve) => {
      store = resolve;
    });
    const answers: unknown[] = [];
    const done = syncOnce(db, fetchImpl, { full: true, onAnswer: (res) => answers.push(res), storeAfter });
    await vi.waitFor(() => expect(answers).toEqual([body]));
    // a full copy is asked for without reading the local version
    expect(fetchImpl).toHaveBeenCalledWith("/api/sync?since=0", expect.anything());
    expect(await localVersion(db)).toBe(7);
    store();
    expect(await done).toBe(true);
    expect(await localVersion(db)).toBe(8);
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["a"]);
  });

  it("asks for a full copy when nothing is stored yet", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(syncResponse({ version: 1 })), { status: 200 }));
    await syncOnce(db, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith("/api/sync?since=0", expect.anything());
  });
});

describe("looksLikeSyncResponse", () => {
  it("accepts the sync shape and refuses anything else", () => {
    expect(looksLikeSyncResponse(syncResponse())).toBe(true);
    expect(looksLikeSyncResponse({ ...syncResponse(), deleted: null })).toBe(false);
    expect(looksLikeSyncResponse(null)).toBe(false);
  });
});

describe("the first visit's prefetched sync", () => {
  afterEach(() => {
    globalThis.__firstSync = undefined;
    vi.unstubAllGlobals();
  });

  it("answers the first full sync once with what index.html fetched, then asks the network", async () => {
    const network = vi.fn(async () => Response.json(syncResponse({ version: 9 })));
    vi.stubGlobal("fetch", network);
    globalThis.__firstSync = Promise.resolve(Response.json(syncResponse({ version: 5, products: [product("a")] })));
    expect(await syncOnce(db, fetchWithPrefetch)).toBe(true);
    expect(await localVersion(db)).toBe(5);
    expect(network).not.toHaveBeenCalled();
    expect(globalThis.__firstSync).toBeUndefined();

    await fetchWithPrefetch("/api/sync?since=0");
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("asks again when the prefetch failed, and leaves other requests alone", async () => {
    const network = vi.fn(async () => Response.json(syncResponse({ version: 3 })));
    vi.stubGlobal("fetch", network);
    const failed = Promise.reject(new TypeError("offline"));
    failed.catch(() => undefined); // as index.html does: the app handles the failure when it takes it
    globalThis.__firstSync = failed;
    await fetchWithPrefetch("/api/sync?since=4");
    expect(globalThis.__firstSync).toBeDefined();
    expect(await syncOnce(db, fetchWithPrefetch)).toBe(true);
    expect(await localVersion(db)).toBe(3);
    expect(network).toHaveBeenCalledTimes(2);
  });
});
