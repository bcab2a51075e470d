import "fake-indexeddb/auto";
import { Dexie, type ObservabilitySet } from "dexie";
import { afterEach, describe, expect, it, vi } from "vitest";
import { product, syncResponse } from "../test/fixtures.ts";
import type { StoreReply, StoreRequest } from "./sync-store-client.ts";

/** A stand-in for the browser's Worker: records what it is sent and answers as the test says. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static behaviour: "fail-to-start" | "store-ok" | "store-fails" = "store-ok";
  onmessage: ((event: MessageEvent<StoreReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: StoreRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.instances.push(this);
  }
  postMessage(request: StoreRequest): void {
    this.sent.push(request);
    queueMicrotask(() => {
      if (FakeWorker.behaviour === "fail-to-start") {
        this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
      } else {
        const data: StoreReply =
          FakeWorker.behaviour === "store-ok"
            ? { id: request.id, ok: true }
            : { id: request.id, ok: false, error: "QuotaExceededError" };
        this.onmessage?.({ data } as MessageEvent<StoreReply>);
      }
    });
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** A fresh copy of the module (its worker state is per page) and of the database it writes. */
async function load() {
  vi.resetModules();
  const client = await import("./sync-store-client.ts");
  const { db } = await import("./db.ts");
  return { storeInWorker: client.storeInWorker, db };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  FakeWorker.instances = [];
  const { db } = await import("./db.ts");
  await db.delete();
});

describe("storeInWorker", () => {
  it("stores on this thread where there are no workers", async () => {
    const { storeInWorker, db } = await load();
    await storeInWorker(syncResponse({ version: 4, products: [product("a")] }), '"v4"');
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["a"]);
    expect((await db.meta.get("catalogVersion"))?.value).toBe(4);
  });

  it("hands the answer to the worker and leaves the writing to it", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "store-ok";
    const { storeInWorker, db } = await load();
    await db.open(); // (Dexie announces the database's creation itself)
    const announced: ObservabilitySet[] = [];
    const listen = (parts: ObservabilitySet) => announced.push(parts);
    Dexie.on.storagemutated.subscribe(listen);
    await storeInWorker(syncResponse({ version: 2, products: [product("a")] }), null);
    await storeInWorker(syncResponse({ version: 3, full: false, products: [product("b")] }), '"v3"');
    Dexie.on.storagemutated.unsubscribe(listen);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]?.sent.map((r) => [r.dbName, r.res.version, r.etag])).toEqual([
      ["digital-store", 2, null],
      ["digital-store", 3, '"v3"'],
    ]);
    expect(await db.products.count()).toBe(0);
    // Each stored answer is announced to the page's live queries (the worker writes past Dexie).
    const catalogAnnouncements = announced.filter((parts) => "idb://digital-store/products/" in parts);
    expect(catalogAnnouncements).toHaveLength(2);
  });

  it("rejects with the worker's error when its write fails", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "store-fails";
    const { storeInWorker } = await load();
    await expect(storeInWorker(syncResponse({ version: 2 }), null)).rejects.toThrow("QuotaExceededError");
  });

  it("stores here when the worker cannot start, and stops using it", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "fail-to-start";
    const { storeInWorker, db } = await load();
    await storeInWorker(syncResponse({ version: 5, products: [product("a"), product("b")] }), null);
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["a", "b"]);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
    await storeInWorker(syncResponse({ version: 6, full: false, products: [product("c")] }), null);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(await db.products.count()).toBe(3);
  });
});
