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
