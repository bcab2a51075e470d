import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import {
  AdminNetworkError,
  AdminQueuedError,
  createAdminClient,
  errorFromResponse,
  type MutationMethod,
} from "../api/admin-client.ts";
import { createOutbox } from "./admin-outbox.ts";
import { outboxSink } from "./admin-api.ts";
import { type AdminOutboxRow, type StoreDb } from "./db.ts";

interface Sent {
  method: MutationMethod;
  path: string;
  body: unknown;
  key: string;
}

/** A scripted server for replays: each call gets the next outcome ("ok", a status, or "offline"). */
function fakeClient(outcomes: (number | "ok" | "offline" | { status: number; body: unknown })[], current?: unknown) {
  const sent: Sent[] = [];
  return {
    sent,
    client: {
      async replay<T>(method: MutationMethod, path: string, body: unknown, key: string): Promise<T> {
        sent.push({ method, path, body, key });
        const next = outcomes.shift() ?? "ok";
        if (next === "ok") return { ok: true } as T;
        if (next === "offline") throw new AdminNetworkError(new TypeError("Failed to fetch"));
        if (typeof next === "number") throw errorFromResponse(next, { error: `status ${next}` });
        throw errorFromResponse(next.status, next.body);
      },
      async get<T>(): Promise<T> {
        return current as T;
      },
    },
  };
}

const currentDb = storeDbPerTest("admin-outbox-test");
let db: StoreDb;
beforeEach(() => {
  db = currentDb();
});

async function queue(row: Partial<AdminOutboxRow> & Pick<AdminOutboxRow, "path">): Promise<number> {
  const id = await db.adminOutbox.add({
    method: "PUT",
    body: {},
    idempotencyKey: `key-${row.path}`,
    baseVersion: null,
    status: "pending",
    createdAt: Date.now(),
    ...row,
  });
  return id ?? 0;
}

/** Queues an edit of product p1 with `body` (and any other fields of the row). */
function queueP1Edit(body: Record<string, unknown>, row: Partial<AdminOutboxRow> = {}): Promise<number> {
  return queue({ path: "/api/admin/products/p1", entity: "product", entityId: "p1", body, ...row });
}

const statuses = async () => (await db.adminOutbox.orderBy("id").toArray()).map((r) => [r.path, r.status]);

describe("admin outbox replay", () => {
  it("sends queued edits in order with their original idempotency keys, then forgets them", async () => {
    await queue({ path: "/api/admin/rate", body: { usdToTnd: 3.4 }, idempotencyKey: "k1" });
    await queue({ path: "/api/admin/toggles", body: { showPromo: false }, idempotencyKey: "k2" });
    const { client, sent } = fakeClient(["ok", "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    const result = await outbox.replay();
    expect(result).toEqual({ sent: 2, conflicts: 0, failed: 0 });
    expect(sent.map((s) => [s.path, s.key])).toEqual([
      ["/api/admin/rate", "k1"],
      ["/api/admin/toggles", "k2"],
    ]);
    expect(await db.adminOutbox.count()).toBe(0);
    expect(outbox.getState().applied).toBe(2);
  });

  it("stops when the network is still down and keeps everything pending", async () => {
    await queue({ path: "/a" });
    await queue({ path: "/b" });
    const { client, sent } = fakeClient(["offline"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect((await outbox.replay()).stopped).toBe("offline");
    expect(sent).toHaveLength(1);
    expect(await statuses()).toEqual([
      ["/a", "pending"],
      ["/b", "pending"],
    ]);
  });

  it("pauses on 401 until the next sign-in, losing nothing", async () => {
    await queue({ path: "/a" });
    const { client, sent } = fakeClient([401, "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect((await outbox.replay()).stopped).toBe("unauthorized");
    expect(outbox.getState().paused).toBe(true);
    await outbox.replay();
    expect(sent).toHaveLength(1);
    expect(await statuses()).toEqual([["/a", "pending"]]);
    expect((await outbox.resume()).sent).toBe(1);
    expect(await db.adminOutbox.count()).toBe(0);
  });

  it("marks a stale edit as a conflict and holds back later edits of the same entity only", async () => {
    await queueP1Edit({ title: "A", version: 2 });
    await queueP1Edit({ title: "B", version: 2 });
    await queue({ path: "/api/admin/products/p2", entity: "product", entityId: "p2" });
    const { client, sent } = fakeClient([
      {
        status: 409,
        body: { error: "Changed by someone else", code: "edit_conflict", current: { id: "p1", version: 5 } },
      },
      "ok",
    ]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect(await outbox.replay()).toEqual({ sent: 1, conflicts: 1, failed: 0 });
    expect(sent.map((s) => s.path)).toEqual(["/api/admin/products/p1", "/api/admin/products/p2"]);
    const rows = await db.adminOutbox.orderBy("id").toArray();
    expect(rows.map((r) => r.status)).toEqual(["conflict", "pending"]);
    expect(rows[0]?.serverVersion).toBe(5);
    expect(rows[0]?.error).toBe("Changed by someone else");
  });

  it("'Keep mine' re-sends over the server's version under a new key", async () => {
    const id = await queueP1Edit({ title: "A", version: 2 }, { idempotencyKey: "old" });
    const { client, sent } = fakeClient([
      { status: 409, body: { error: "Conflict", code: "edit_conflict", current: { id: "p1", version: 7 } } },
      "ok",
    ]);
    const outbox = createOutbox({ table: db.adminOutbox, client, newKey: () => "fresh" });
    await outbox.replay();
    expect((await db.adminOutbox.get(id))?.status).toBe("conflict");
    const result = await outbox.keepMine(id);
    expect(result.sent).toBe(1);
    expect(sent[1]).toEqual({
      method: "PUT",
      path: "/api/admin/products/p1",
      body: { title: "A", version: 7 },
      key: "fresh",
    });
    expect(await db.adminOutbox.count()).toBe(0);
  });

  it("keeps the server's copy a 409 carried, to show both versions, and forgets it on 'Keep mine'", async () => {
    const id = await queueP1Edit({ title: "Mine", version: 2 });
    const theirs = { id: "p1", title: "Theirs", version: 3 };
    const { client } = fakeClient([
      { status: 409, body: { error: "Conflict", code: "edit_conflict", current: theirs } },
      "ok",
    ]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    await outbox.replay();
    expect((await db.adminOutbox.get(id))?.serverCopy).toEqual(theirs);
    await outbox.keepMine(id);
    expect(await db.adminOutbox.count()).toBe(0);
  });

  it("a creation edited again before it was sent goes out once, with the new body and its first key", async () => {
    const id = await queue({
      method: "POST",
      path: "/api/admin/products",
      entity: "product",
      body: { title: "First" },
      idempotencyKey: "create-1",
      label: "Product: First",
    });
    const { client, sent } = fakeClient(["ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect(await outbox.editQueued(id, { title: "Second" }, "Product: Second")).toBe(true);
    expect((await db.adminOutbox.get(id))?.label).toBe("Product: Second");
    await outbox.replay();
    expect(sent).toEqual([{ method: "POST", path: "/api/admin/products", body: { title: "Second" }, key: "create-1" }]);
    // It reached the server: there is nothing left to edit.
    expect(await outbox.editQueued(id, { title: "Third" })).toBe(false);
  });

  it("does not change an edit while it is being sent", async () => {
    const id = await queue({ method: "POST", path: "/api/admin/products", body: { title: "A" }, status: "sending" });
    const outbox = createOutbox({ table: db.adminOutbox, client: fakeClient([]).client });
    expect(await outbox.editQueued(id, { title: "B" })).toBe(false);
    expect((await db.adminOutbox.get(id))?.body).toEqual({ title: "A" });
  });

  it("'Keep mine' reads the current version when the 409 did not carry it", async () => {
    const id = await queue({ path: "/api/admin/categories/c1", entity: "category", body: { name: "X", version: 1 } });
    const { client, sent } = fakeClient([409, "ok"], { id: "c1", name: "Y", version: 3 });
    const outbox = createOutbox({ table: db.adminOutbox, client });
    await outbox.replay();
    await outbox.keepMine(id);
    expect(sent[1]?.body).toEqual({ name: "X", version: 3 });
  });

  it("'Keep theirs' drops the queued edit and lets the next one go", async () => {
    const id = await queue({ path: "/p", entity: "product", entityId: "p1" });
    await queue({ path: "/p", entity: "product", entityId: "p1", idempotencyKey: "second" });
    const { client, sent } = fakeClient([409, "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    await outbox.replay();
    expect(sent).toHaveLength(1);
    await outbox.keepTheirs(id);
    await outbox.replay();
    expect(sent.map((s) => s.key)).toEqual(["key-/p", "second"]);
    expect(await db.adminOutbox.count()).toBe(0);
  });

  it("marks a refused edit as failed and retries it on request", async () => {
    const id = await queue({ path: "/api/admin/rate" });
    const { client } = fakeClient([400, "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect((await outbox.replay()).failed).toBe(1);
    expect(await statuses()).toEqual([["/api/admin/rate", "failed"]]);
    expect((await outbox.retry(id)).sent).toBe(1);
  });

  it("keeps an edit pending on a server error and tries again later", async () => {
    await queue({ path: "/a" });
    const { client } = fakeClient([503, "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    expect((await outbox.replay()).stopped).toBe("server");
    expect(await statuses()).toEqual([["/a", "pending"]]);
    expect((await outbox.replay()).sent).toBe(1);
  });

  it("resends an edit left 'sending' by a crash", async () => {
    await queue({ path: "/a", status: "sending" });
    const { client } = fakeClient(["ok"]);
    expect((await createOutbox({ table: db.adminOutbox, client }).replay()).sent).toBe(1);
  });

  it("shares one run between concurrent replays", async () => {
    await queue({ path: "/a" });
    const { client, sent } = fakeClient(["ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    await Promise.all([outbox.replay(), outbox.replay()]);
    expect(sent).toHaveLength(1);
  });

  it("tells its listeners what each run sent, once per run", async () => {
    await queue({ path: "/a" });
    await queue({ path: "/b" });
    const { client } = fakeClient(["ok", "ok"]);
    const outbox = createOutbox({ table: db.adminOutbox, client });
    const heard: number[] = [];
    const stop = outbox.onReplayed((r) => heard.push(r.sent));
    await Promise.all([outbox.replay(), outbox.replay()]);
    await outbox.replay();
    stop();
    await queue({ path: "/c" });
    await outbox.replay();
    expect(heard).toEqual([2, 0]);
  });

  it("round-trips with the real client: queued offline, replayed with the same key once online", async () => {
    let online = false;
    const keys: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      if (String(input) === "/api/admin/session") return Response.json({ username: "a", name: "", csrfToken: "t" });
      keys.push(((init?.headers ?? {}) as Record<string, string>)["Idempotency-Key"] ?? "");
      return Response.json({ usdToTnd: 3.5, updatedAt: 1 });
    };
    const api = createAdminClient({
      fetch: fetchImpl,
      outbox: outboxSink(db.adminOutbox),
      isOnline: () => online,
      newKey: () => "same-key",
    });
    await expect(
      api.send("PUT", "rate", { usdToTnd: 3.5 }, { queueOffline: { entity: "settings.rate", label: "Rate" } }),
    ).rejects.toBeInstanceOf(AdminQueuedError);
    online = true;
    const outbox = createOutbox({ table: db.adminOutbox, client: api });
    expect((await outbox.replay()).sent).toBe(1);
    expect(keys).toEqual(["same-key"]);
  });
});

describe("a 409 that is not an edit conflict", () => {
  it("stores no version or copy from it: 'Keep mine' reads the entity's version instead", async () => {
    const id = await queue({ path: "/api/admin/products/p1", entity: "product", body: { title: "A", version: 2 } });
    // A reused key's refusal: its fields look like a version but are not the server's copy.
    const reused = { error: "Key reused", code: "idempotency_mismatch", version: 9, current: { version: 9 } };
    const { client, sent } = fakeClient([{ status: 409, body: reused }, "ok"], { id: "p1", title: "B", version: 4 });
    const outbox = createOutbox({ table: db.adminOutbox, client });
    await outbox.replay();
    const row = await db.adminOutbox.get(id);
    expect(row?.status).toBe("conflict");
    expect(row?.serverVersion).toBeUndefined();
    expect(row?.serverCopy).toBeUndefined();
    await outbox.keepMine(id);
    expect(sent[1]?.body).toEqual({ title: "A", version: 4 });
  });
});
