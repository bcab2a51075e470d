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
            ? { id: request.id, ok: true, result: "stored" }
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
  return { syncInWorker: client.syncInWorker, db };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  FakeWorker.instances = [];
  const { db } = await import("./db.ts");
  await db.delete();
});

/** The network as the sync sees it: one full answer per request. */
function serve(...answers: ReturnType<typeof syncResponse>[]) {
  const network = vi.fn(async () => Response.json(answers.shift() ?? syncResponse({ version: 99, full: false })));
  vi.stubGlobal("fetch", network);
  return network;
}

describe("syncInWorker", () => {
  it("syncs on this thread where there are no workers", async () => {
    serve(syncResponse({ version: 4, products: [product("a")] }));
    const { syncInWorker, db } = await load();
    expect(await syncInWorker({})).toBe("stored");
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["a"]);
    expect((await db.meta.get("catalogVersion"))?.value).toBe(4);
  });

  it("hands the sync to the worker, leaves the fetching and writing to it, and announces what it stored", async () => {
    const network = serve();
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "store-ok";
    const { syncInWorker, db } = await load();
    await db.open(); // (Dexie announces the database's creation itself)
    const announced: ObservabilitySet[] = [];
    const listen = (parts: ObservabilitySet) => announced.push(parts);
    Dexie.on.storagemutated.subscribe(listen);
    await syncInWorker({});
    await syncInWorker({ full: true });
    Dexie.on.storagemutated.unsubscribe(listen);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]?.sent.map((r) => [r.dbName, r.options])).toEqual([
      ["digital-store", {}],
      ["digital-store", { full: true }],
    ]);
    expect(network).not.toHaveBeenCalled();
    expect(await db.products.count()).toBe(0);
    // Each stored sync is announced to the page's live queries (the worker writes past Dexie).
    const catalogAnnouncements = announced.filter((parts) => "idb://digital-store/products/" in parts);
    expect(catalogAnnouncements).toHaveLength(2);
  });

  it("rejects with the worker's error when its sync fails", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "store-fails";
    const { syncInWorker } = await load();
    await expect(syncInWorker({})).rejects.toThrow("QuotaExceededError");
  });

  it("syncs here when the worker cannot start, and stops using it", async () => {
    serve(
      syncResponse({ version: 5, products: [product("a"), product("b")] }),
      syncResponse({ version: 6, full: false, products: [product("c")] }),
    );
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.behaviour = "fail-to-start";
    const { syncInWorker, db } = await load();
    await syncInWorker({});
    expect((await db.products.toArray()).map((p) => p.id)).toEqual(["a", "b"]);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
    await syncInWorker({});
    expect(FakeWorker.instances).toHaveLength(1);
    expect(await db.products.count()).toBe(3);
  });
});
