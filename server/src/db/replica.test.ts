/** The catalog's public reads on a read replica (DATABASE_READ_URL), on PostgreSQL. The "replica" is a copy of the
 * primary taken at one moment (CREATE DATABASE ... TEMPLATE): it lags every change made on the primary after that,
 * until the test replays the change on it as streaming replication would. Its products' titles carry a mark, so an
 * answer shows which database it was read from. */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncResponseSchema, type SyncResponse } from "@store/shared/schemas/catalog";
import { openDatabase } from "./client.ts";
import { REPLICA_RETRY_MS } from "./replica.ts";
import { seedDemoCatalog } from "../seed/demo-catalog.ts";
import {
  allowConnections,
  createPostgresDatabase,
  editCatalog as edit,
  onDatabase,
  terminateBackend,
} from "../test/postgres-database.ts";
import { createTestStore, TEST_ON_POSTGRES, type TestStore } from "../test/harness.ts";

const MARK = "[replica] ";
/** A password in the replica's address (the test server trusts local connections, so it is never checked): it must
 * not appear in any log line. */
const PASSWORD = "replica-password-never-logged";

async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  for (const end = performance.now() + ms; performance.now() < end;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${ms} ms`);
}

// Each test copies a seeded database first: generous bounds for a machine that is busy.
describe.runIf(TEST_ON_POSTGRES)("catalog reads on a read replica", { timeout: 60_000 }, () => {
  let primary: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let replica: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let replicaName: string;
  let store: TestStore;
  let productId: string;
  let startVersion: number;

  beforeEach(async () => {
    primary = await createPostgresDatabase();
    // Migrated and seeded, then closed: nothing may be connected to the primary while it is copied.
    const seeding = await openDatabase({ engine: "postgres", url: primary.url });
    await seedDemoCatalog(seeding, { images: false });
    await seeding.close();
    replica = await createPostgresDatabase("store_replica", { template: primary.url });
    replicaName = new URL(replica.url).pathname.slice(1);
    await onDatabase(replica.url, (c) => c.query("UPDATE products SET title = $1 || title", [MARK]));
    const readUrl = new URL(replica.url);
    readUrl.password = PASSWORD;
    store = await createTestStore({ env: { DATABASE_URL: primary.url, DATABASE_READ_URL: readUrl.toString() } });
    const first = await sync(0);
    startVersion = first.version;
    const product = first.products[0];
    if (!product) throw new Error("no product");
    productId = product.id;
  }, 60_000);

  afterEach(async () => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    await store.close();
    await replica.drop();
    await primary.drop();
  }, 60_000);

  /** The sync answer for a client at `since`; `extra` makes a query the store has not built an answer for yet. */
  async function sync(since: number, extra = ""): Promise<SyncResponse> {
    const res = await store.app.request(`/api/sync?since=${since}${extra}`);
    expect(res.status).toBe(200);
    return syncResponseSchema.parse(await res.json());
  }

  const fromReplica = (answer: SyncResponse) =>
    answer.products.length > 0 && answer.products.every((p) => p.title.startsWith(MARK));
  const fromPrimary = (answer: SyncResponse) =>
    answer.products.length > 0 && answer.products.every((p) => !p.title.startsWith(MARK));
  const reads = () => {
    const counts = store.data.catalogReads();
    if (!counts) throw new Error("no read replica");
    return counts;
  };

  it("serves clients no newer than the replica from it, and a client newer than it from the primary", async () => {
    // The full copy (beforeEach) and an unchanged client: the replica is as new as anything this instance knows.
    expect(store.data.catalogReads()).toMatchObject({ primary: 0, failed: 0 });
    const full = await sync(0, "&limit=10");
    expect(full.version).toBe(startVersion);
    expect(fromReplica(full)).toBe(true);
    const replicaReads = reads().replica;
    const unchanged = await sync(startVersion);
    expect(unchanged).toMatchObject({ version: startVersion, products: [] });
    expect(reads().replica).toBeGreaterThan(replicaReads);
    const first = syncResponseSchema.parse(await (await store.app.request("/api/first")).json());
    expect(first.version).toBe(startVersion);
    expect(fromReplica(first)).toBe(true);
    expect(reads()).toMatchObject({ primary: 0, failed: 0 });

    // Another instance's edit, not heard of here yet: the replica still serves the clients that do not have it.
    const edited = await edit(primary.url, productId, "Edited on the primary", false);
    expect(edited).toBe(startVersion + 1);
    expect(await sync(startVersion)).toMatchObject({ version: startVersion, products: [] });
    expect(reads().primary).toBe(0);

    // A client that has the edit (it got it from that other instance) is answered from the primary, never older.
    const newer = await sync(edited);
    expect(newer.version).toBeGreaterThanOrEqual(edited);
    expect(reads().primary).toBeGreaterThan(0);

    // Having served that version, this instance serves nothing older from the replica, to any client.
    const behind = await sync(startVersion);
    expect(behind.version).toBe(edited);
    expect(behind.products.map((p) => [p.id, p.title])).toEqual([[productId, "Edited on the primary"]]);
    const again = await sync(0, "&limit=11");
    expect(again.version).toBe(edited);
    expect(fromPrimary(again)).toBe(true);

    // Once the replica has the edit, it serves again.
    expect(await edit(replica.url, productId, `${MARK}Edited on the primary`, true)).toBe(edited);
    const caughtUp = await sync(0, "&limit=12");
    expect(caughtUp.version).toBe(edited);
    expect(fromReplica(caughtUp)).toBe(true);
  });

  it("never serves from the replica a catalog older than this instance wrote or heard of", async () => {
    // This instance's own edit, with the notice off: its commit alone must keep the lagging replica out.
    await onDatabase(primary.url, (c) => c.query("ALTER TABLE catalog_state DISABLE TRIGGER catalog_state_changed"));
    try {
      const product = await store.services.catalogAdmin.updateProduct(productId, { title: "Edited here" });
      expect(product.title).toBe("Edited here");
    } finally {
      await onDatabase(primary.url, (c) => c.query("ALTER TABLE catalog_state ENABLE TRIGGER catalog_state_changed"));
    }
    const own = await sync(startVersion);
    expect(own.version).toBe(startVersion + 1);
    expect(own.products.map((p) => p.title)).toEqual(["Edited here"]);
    expect(fromPrimary(await sync(0, "&limit=10"))).toBe(true);

    // Another instance's edit, announced: once heard, the replica (still at the start) is not asked.
    const heard = await edit(primary.url, productId, "Edited elsewhere", true);
    await eventually(async () => (await sync(0, "&limit=10")).version === heard);
    const full = await sync(0, "&limit=20");
    expect(full.version).toBe(heard);
    expect(fromPrimary(full)).toBe(true);
    const first = syncResponseSchema.parse(await (await store.app.request("/api/first?product=x")).json());
    expect(first.version).toBe(heard);
    expect((await store.app.request("/api/categories")).headers.get("ETag")).toBe(`W/"categories-${heard}"`);
    expect(reads().primary).toBeGreaterThan(0);
  });

  it("falls back to the primary when the replica cannot be reached, says so once without its password", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const logs = vi.spyOn(console, "log").mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T12:00:00Z") });
    const setConnections = (allow: boolean) => allowConnections(primary.url, replicaName, allow);

    await setConnections(false);
    for (let i = 0; i < 5; i++) {
      const answer = await sync(0, `&limit=${20 + i}`);
      expect(answer.version).toBe(startVersion);
      expect(fromPrimary(answer)).toBe(true);
    }
    expect(reads().failed).toBeGreaterThanOrEqual(5);
    // Past the pause it is tried again, still down: still no second line.
    vi.setSystemTime(Date.now() + REPLICA_RETRY_MS + 1);
    expect(fromPrimary(await sync(0, "&limit=30"))).toBe(true);
    const said = errors.mock.calls.map((call) => call.join(" "));
    const aboutReplica = said.filter((line) => line.includes("read replica"));
    expect(aboutReplica).toHaveLength(1);
    expect(aboutReplica[0]).toContain(`127.0.0.1:5432/${replicaName}`);
    for (const line of [...said, ...logs.mock.calls.map((call) => call.join(" "))])
      expect(line).not.toContain(PASSWORD);

    // Back: after the pause the replica serves again, and the log says so.
    await setConnections(true);
    vi.setSystemTime(Date.now() + REPLICA_RETRY_MS + 1);
    expect(fromReplica(await sync(0, "&limit=31"))).toBe(true);
    expect(logs.mock.calls.some((call) => call.join(" ").includes("answers again"))).toBe(true);
  });

  it("answers a read whose replica connection is closed under it from the primary, and the process goes on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let tries = 0;
    const answeredBy = await store.data.readCatalog(0, async (tx) => {
      const [row] = (
        await tx.db.execute<{ db: string; pid: number }>(sql`select current_database() as db, pg_backend_pid() as pid`)
      ).rows;
      if (!row) throw new Error("no answer");
      if (tries++ === 0) {
        await terminateBackend(primary.url, row.pid);
        await tx.db.execute(sql`select 1`);
      }
      return row.db;
    });
    expect(tries).toBe(2);
    expect(answeredBy).toBe(new URL(primary.url).pathname.slice(1));
    expect(reads().failed).toBe(1);
    expect(fromPrimary(await sync(0, "&limit=10"))).toBe(true);
  });

  it("never answers one client older than it has, through edits, lag, catch-ups and an outage", async () => {
    /** Edits made on the primary, in order, that the replica has not replayed yet. */
    const pending: { rev: number; title: string }[] = [];
    const titleAt = new Map<number, string>();
    const clients = { a: startVersion, b: 0 };
    let served = startVersion;
    let edits = 0;
    const steps = [
      "a",
      "b",
      "quiet-edit",
      "a",
      "fresh",
      "edit",
      "b",
      "replay",
      "fresh",
      "a",
      "down",
      "quiet-edit",
      "b",
      "up",
      "fresh",
      "quiet-edit",
      "replay",
      "a",
      "b",
      "replay",
      "replay",
      "fresh",
      "a",
      "b",
    ];
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    for (const step of steps) {
      if (step === "edit" || step === "quiet-edit") {
        const title = `Edit ${++edits}`;
        const rev = await edit(primary.url, productId, title, step === "edit");
        pending.push({ rev, title });
        titleAt.set(rev, title);
      } else if (step === "replay") {
        const next = pending.shift();
        if (next) expect(await edit(replica.url, productId, `${MARK}${next.title}`, true)).toBe(next.rev);
      } else if (step === "down" || step === "up") {
        await allowConnections(primary.url, replicaName, step === "up");
      } else {
        // A client that has `since` (a fresh one has nothing): never older than it has, nor than served before.
        const since = step === "fresh" ? 0 : clients[step === "a" ? "a" : "b"];
        const answer = await sync(since);
        expect(answer.version).toBeGreaterThanOrEqual(since);
        expect(answer.version).toBeGreaterThanOrEqual(served);
        // The answer holds its version's catalog: the edited product as it was at that version.
        const shown = answer.products.find((p) => p.id === productId)?.title.replace(MARK, "");
        if (shown !== undefined && answer.version > startVersion) expect(shown).toBe(titleAt.get(answer.version));
        served = Math.max(served, answer.version);
        if (step === "a" || step === "b") clients[step] = answer.version;
      }
    }
    expect(edits).toBe(4);
    const counts = reads();
    expect(counts.replica).toBeGreaterThan(0);
    expect(counts.primary + counts.failed).toBeGreaterThan(0);
  });
});
