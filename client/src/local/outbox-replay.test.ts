import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import { AdminNetworkError, errorFromResponse, type MutationMethod } from "../api/admin-client.ts";
import { type StoreDb } from "./db.ts";
import {
  CLAIM_TTL_MS,
  OUTBOX_CLAIM,
  claimReplay,
  releaseReplay,
  replayQueue,
  withReplayLock,
  type ReplayClient,
} from "./outbox-replay.ts";

const currentDb = storeDbPerTest("outbox-replay-test");
let db: StoreDb;
beforeEach(() => {
  db = currentDb();
});

async function queue(path: string, key: string, entity?: string): Promise<void> {
  await db.adminOutbox.add({
    method: "PUT",
    path,
    body: {},
    idempotencyKey: key,
    baseVersion: null,
    status: "pending",
    createdAt: Date.now(),
    ...(entity ? { entity } : {}),
  });
}

/** A server that takes a while to answer, counting what it received. */
function slowServer(outcome: "ok" | 401 | "offline" = "ok") {
  const keys: string[] = [];
  const client: ReplayClient = {
    async replay<T>(_m: MutationMethod, _p: string, _b: unknown, key: string): Promise<T> {
      keys.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (outcome === "offline") throw new AdminNetworkError(new TypeError("Failed to fetch"));
      if (outcome === 401) throw errorFromResponse(401, { error: "Unauthorized" });
      return {} as T;
    },
    async get<T>(): Promise<T> {
      return {} as T;
    },
  };
  return { client, keys };
}

describe("the shared outbox replay", () => {
  it("never sends an edit twice when a page and the worker replay at once under the claim", async () => {
    await queue("/api/admin/a", "k1");
    await queue("/api/admin/b", "k2");
    await queue("/api/admin/c", "k3");
    const { client, keys } = slowServer();
    const run = () => replayQueue(db.adminOutbox, client);
    // The page gives up when the claim is held; the worker waits for it. No Web Locks here: the IndexedDB claim.
    const [page, worker] = await Promise.all([
      withReplayLock(run, { wait: false, meta: db.meta, useLocks: false }),
      withReplayLock(run, { wait: true, meta: db.meta, useLocks: false }),
    ]);
    expect(keys.sort()).toEqual(["k1", "k2", "k3"]);
    expect(page.sent + worker.sent).toBe(3);
    expect(await db.adminOutbox.count()).toBe(0);
    expect(await db.meta.get(OUTBOX_CLAIM)).toBeUndefined();
  });

  it("a live claim keeps others out, an expired one (its holder was killed) does not", async () => {
    const t0 = 1_000_000;
    expect(await claimReplay(db.meta, "page", t0)).toBe(true);
    expect(await claimReplay(db.meta, "worker", t0 + 1000)).toBe(false);
    expect(await claimReplay(db.meta, "worker", t0 + CLAIM_TTL_MS + 1)).toBe(true);
    // Only the holder releases it.
    await releaseReplay(db.meta, "page");
    expect(await db.meta.get(OUTBOX_CLAIM)).toBeDefined();
    await releaseReplay(db.meta, "worker");
    expect(await db.meta.get(OUTBOX_CLAIM)).toBeUndefined();
  });

  it("a 401 leaves every edit queued, pending, with its key", async () => {
    await queue("/api/admin/a", "k1", "product");
    await queue("/api/admin/b", "k2", "banner");
    const { client } = slowServer(401);
    const result = await replayQueue(db.adminOutbox, client);
    expect(result.stopped).toBe("unauthorized");
    const rows = await db.adminOutbox.orderBy("id").toArray();
    expect(rows.map((r) => [r.idempotencyKey, r.status])).toEqual([
      ["k1", "pending"],
      ["k2", "pending"],
    ]);
  });

  it("sends an edit as it is when its turn comes, not as it was when the run read the queue", async () => {
    await queue("/api/admin/a", "k1");
    await queue("/api/admin/b", "k2");
    const bodies: unknown[] = [];
    const client: ReplayClient = {
      async replay<T>(_m: MutationMethod, path: string, body: unknown): Promise<T> {
        bodies.push(body);
        // While the first is on its way, the operator edits the second (still queued).
        if (path === "/api/admin/a")
          await db.adminOutbox.filter((r) => r.idempotencyKey === "k2").modify({ body: { v: 2 } });
        return {} as T;
      },
      async get<T>(): Promise<T> {
        return {} as T;
      },
    };
    await replayQueue(db.adminOutbox, client);
    expect(bodies).toEqual([{}, { v: 2 }]);
  });

  it("offline, the run stops at the first edit and sends nothing after it", async () => {
    await queue("/api/admin/a", "k1");
    await queue("/api/admin/b", "k2");
    const { client, keys } = slowServer("offline");
    const result = await replayQueue(db.adminOutbox, client);
    expect(result).toEqual({ sent: 0, conflicts: 0, failed: 0, stopped: "offline" });
    expect(keys).toEqual(["k1"]);
    expect(await db.adminOutbox.count()).toBe(2);
  });
});
