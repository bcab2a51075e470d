/** The PostgreSQL data layer when the server closes a connection under a transaction (a restart, an administrator's
 * pg_terminate_backend): that transaction fails, the process and every other transaction go on. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import type { DataLayer, Tx } from "./data.ts";
import { createPostgresDatabase, terminateBackend } from "../test/postgres-database.ts";
import { TEST_ON_POSTGRES } from "../test/harness.ts";

describe.runIf(TEST_ON_POSTGRES)("a PostgreSQL connection lost under a transaction", { timeout: 30_000 }, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let data: DataLayer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    data = await openDatabase({ engine: "postgres", url: database.url });
  }, 30_000);

  afterAll(async () => {
    await data?.close();
    await database?.drop();
  });

  const backendPid = async (tx: Tx) =>
    (await tx.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid ?? 0;

  it("fails that transaction with the driver's error, and the next one runs on a new connection", async () => {
    let lostPid = 0;
    const lost = data.transaction(async (tx) => {
      lostPid = await backendPid(tx);
      await terminateBackend(database.url, lostPid);
      await tx.db.execute(sql`select 1`);
    });
    // drizzle's error for the statement, the driver's as its cause.
    const failure = await lost.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).cause)).toMatch(/terminat|not queryable/i);

    const next = await data.transaction(backendPid);
    expect(next).toBeGreaterThan(0);
    expect(next).not.toBe(lostPid);
  });
});

describe.runIf(TEST_ON_POSTGRES)("two instances' batches wanting each other's rows", { timeout: 30_000 }, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: DataLayer;
  let other: DataLayer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    one = await openDatabase({ engine: "postgres", url: database.url });
    other = await openDatabase({ engine: "postgres", url: database.url });
    await one.transaction((tx) => tx.db.execute(sql`create table counters (id text primary key, n int not null)`));
    await one.transaction((tx) =>
      tx.db.execute(sql`insert into counters values ('x', 0), ('y', 0), ('p', 0), ('q', 0)`),
    );
  }, 30_000);

  afterAll(async () => {
    await one?.close();
    await other?.close();
    await database?.drop();
  });

  /** A promise and the function that resolves it. */
  const signal = () => {
    let fire = () => {};
    const fired = new Promise<void>((resolve) => (fire = resolve));
    return { fire, fired };
  };
  const bump = (tx: Tx, id: string) => tx.db.execute(sql`update counters set n = n + 1 where id = ${id}`);
  const counters = async (ids: string[]) =>
    (
      await one.read((tx) => tx.db.execute<{ id: string; n: number }>(sql`select id, n from counters order by id`))
    ).rows.filter((row) => ids.includes(row.id));

  it("has a unit that would wait for a lock while its batch holds rows give way: no deadlock, each unit written once", async () => {
    const oneHoldsX = signal();
    const otherHoldsY = signal();
    let runs = 0;
    /** Two units of `data`'s next batch: the first locks `mine` and says so, the second waits for the other batch to
     * hold `theirs`, then wants it. */
    const units = (
      data: DataLayer,
      mine: string,
      theirs: string,
      iHold: typeof oneHoldsX,
      theyHold: typeof oneHoldsX,
    ) => [
      data.batch(async (tx) => {
        // Waiting, the two batches would wait for each other until PostgreSQL looked for a deadlock: not within the
        // test's time, so only giving way lets them end.
        await tx.db.execute(sql`set local deadlock_timeout = '60s'`);
        await bump(tx, mine);
        iHold.fire();
      }),
      data.batch(async (tx) => {
        runs++;
        await theyHold.fired;
        await bump(tx, theirs);
      }),
    ];
    // Each batch locks one row in its first unit and wants the other's in its second: waiting, the two would close a
    // circle. Each second unit gives way instead; both batches commit without it, and it runs again first in the next.
    const results = await Promise.allSettled([
      ...units(one, "x", "y", oneHoldsX, otherHoldsY),
      ...units(other, "y", "x", otherHoldsY, oneHoldsX),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    // Each second unit ran once more if it gave way; one may have found the other batch committed by then.
    expect([3, 4]).toContain(runs);
    expect(await counters(["x", "y"])).toEqual([
      { id: "x", n: 2 },
      { id: "y", n: 2 },
    ]);
  });

  it("runs a unit PostgreSQL failed to end a deadlock again in its next batch: every unit is written once", async () => {
    const oneHoldsP = signal();
    const otherHoldsQ = signal();
    let runs = 0;
    /** The first (and only) unit of `data`'s next batch, which may wait: it locks `first`, then wants `second`. */
    const unit = (
      data: DataLayer,
      first: string,
      second: string,
      iHold: typeof oneHoldsP,
      theyHold: typeof oneHoldsP,
    ) =>
      data.batch(async (tx) => {
        runs++;
        await bump(tx, first);
        iHold.fire();
        await theyHold.fired;
        await bump(tx, second);
      });
    // Two lone units locking two rows in opposite orders, as two lone transactions can: PostgreSQL fails one.
    const results = await Promise.allSettled([
      unit(one, "p", "q", oneHoldsP, otherHoldsQ),
      unit(other, "q", "p", otherHoldsQ, oneHoldsP),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(runs).toBe(3);
    expect(await counters(["p", "q"])).toEqual([
      { id: "p", n: 2 },
      { id: "q", n: 2 },
    ]);
  });
});
