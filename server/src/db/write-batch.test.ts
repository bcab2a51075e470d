import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteData, type SqliteTx } from "./sqlite.ts";
import { WriteBatch } from "./write-batch.ts";

describe("WriteBatch (group commit)", () => {
  let dir: string;
  let data: SqliteData;
  /** A second connection: it sees only what is committed. */
  let reader: Database.Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-batch-"));
    data = openSqlite(path.join(dir, "store.db"));
    data.db.run(sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)`);
    reader = new Database(path.join(dir, "store.db"), { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await data.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (body: string) => async (tx: SqliteTx) =>
    tx.sqlite.run(sql`INSERT INTO notes (body) VALUES (${body})`).lastInsertRowid;
  const bodies = () => data.db.all<{ body: string }>(sql`SELECT body FROM notes ORDER BY id`).map((r) => r.body);
  const committed = () => (reader.prepare("SELECT count(*) AS n FROM notes").get() as { n: number }).n;
  /** Inserts, and notes how many rows the other connection could see at that moment. */
  const insertNoting = (body: string, seen: number[]) => (tx: SqliteTx) => {
    seen.push(committed());
    return insert(body)(tx);
  };

  it("commits the units queued in one turn together, in order, and answers each after the commit", async () => {
    const batch = new WriteBatch<SqliteTx>(data);
    const seen: number[] = [];
    const answers = await Promise.all(["a", "b", "c"].map((body) => batch.run(insertNoting(body, seen))));
    expect(answers).toEqual([1, 2, 3]);
    // Nothing was visible to another connection until the one commit of all three.
    expect(seen).toEqual([0, 0, 0]);
    expect(committed()).toBe(3);
    expect(bodies()).toEqual(["a", "b", "c"]);
  });

  it("rolls back only the unit that throws, and rejects only its caller", async () => {
    const batch = new WriteBatch<SqliteTx>(data);
    const results = await Promise.allSettled([
      batch.run(insert("a")),
      batch.run(async (tx) => {
        await insert("half-written")(tx);
        throw new Error("refused");
      }),
      batch.run(insert("a")), // the UNIQUE constraint refuses a second "a"
      batch.run(insert("b")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(results[1]).toMatchObject({ reason: new Error("refused") });
    expect(bodies()).toEqual(["a", "b"]);
  });

  it("splits a long queue into several commits of at most maxUnits", async () => {
    const batch = new WriteBatch<SqliteTx>(data, 2);
    const seen: number[] = [];
    await Promise.all(["a", "b", "c", "d", "e"].map((body) => batch.run(insertNoting(body, seen))));
    expect(seen).toEqual([0, 0, 2, 2, 4]);
    expect(bodies()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("rejects every unit of a batch whose commit fails, writes none of them, and keeps working", async () => {
    data.db.run(sql`CREATE TABLE parents (id INTEGER PRIMARY KEY)`);
    data.db.run(
      sql`CREATE TABLE children (parent_id INTEGER NOT NULL REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`,
    );
    const batch = new WriteBatch<SqliteTx>(data);
    // A deferred foreign key is checked at COMMIT: the orphan passes its savepoint and fails the commit.
    const failed = await Promise.allSettled([
      batch.run(insert("a")),
      batch.run(async (tx) => tx.sqlite.run(sql`INSERT INTO children (parent_id) VALUES (42)`)),
    ]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(failed[0]).toMatchObject({ reason: { code: "SQLITE_CONSTRAINT_FOREIGNKEY" } });
    expect(bodies()).toEqual([]);
    expect(await batch.run(insert("c"))).toBe(1);
    expect(bodies()).toEqual(["c"]);
  });

  it("runs a unit that failed for a transient reason again in the next batch, at most three times in all", async () => {
    class Transient extends Error {}
    const host = {
      topLevel: <T>(work: (tx: SqliteTx) => Promise<T>) => data.topLevel(work),
      savepoint: <T>(tx: SqliteTx, work: (tx: SqliteTx) => Promise<T>) => data.savepoint(tx, work),
      transient: (error: unknown) => error instanceof Transient,
    };
    const batch = new WriteBatch<SqliteTx>(host);
    const seen: number[] = [];
    let runs = 0;
    let alwaysRuns = 0;
    /** Writes, then fails transiently on its first run only: its first write must not survive. */
    const onceUnlucky = async (tx: SqliteTx) => {
      runs++;
      await insert(`unlucky ${runs}`)(tx);
      if (runs === 1) throw new Transient("deadlock");
      return "written";
    };
    const results = await Promise.allSettled([
      batch.run(insertNoting("a", seen)),
      batch.run(onceUnlucky),
      batch.run(async () => {
        alwaysRuns++;
        throw new Transient("always");
      }),
      batch.run(async () => {
        throw new Error("refused");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
    expect(results[1]).toMatchObject({ value: "written" });
    expect(results[2]).toMatchObject({ reason: new Transient("always") });
    expect(runs).toBe(2);
    expect(alwaysRuns).toBe(3);
    // The second run was in a batch of its own, after the first batch's commit.
    expect(bodies()).toEqual(["a", "unlucky 2"]);
  });

  it("lets a unit that would wait for a lock while its batch holds rows give way: it runs first in the next batch", async () => {
    class GaveWay extends Error {}
    /** Whether the running batch holds rows of a unit it keeps (the host was told so). */
    let holding = false;
    let told = 0;
    const host = {
      topLevel: <T>(work: (tx: SqliteTx) => Promise<T>) => {
        holding = false;
        return data.topLevel(work);
      },
      savepoint: <T>(tx: SqliteTx, work: (tx: SqliteTx) => Promise<T>) => data.savepoint(tx, work),
      holding: () => {
        holding = true;
        told++;
      },
      gaveWay: (error: unknown) => error instanceof GaveWay,
    };
    const batch = new WriteBatch<SqliteTx>(host);
    let runs = 0;
    let stubbornRuns = 0;
    /** Writes, then would wait for a lock: it gives way whenever its batch holds rows of another unit. */
    const waiter = async (tx: SqliteTx) => {
      runs++;
      await insert(`waiter ${runs}`)(tx);
      if (holding) throw new GaveWay("would wait");
      return "written";
    };
    const results = await Promise.allSettled([
      batch.run(insert("a")),
      batch.run(waiter),
      // Gives way even as the first unit of a batch, where it may wait: then its failure is its own.
      batch.run(async () => {
        stubbornRuns++;
        throw new GaveWay("stubborn");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(results[1]).toMatchObject({ value: "written" });
    expect(results[2]).toMatchObject({ reason: new GaveWay("stubborn") });
    // The waiter ran twice, the second time first in its batch; its first write did not survive.
    expect(runs).toBe(2);
    expect(bodies()).toEqual(["a", "waiter 2"]);
    // Given way twice (after "a", then after the waiter), refused the third time, first in a batch of its own.
    expect(stubbornRuns).toBe(3);
    // Told in the first two batches, each once, after its first unit; not in the last, which had one unit.
    expect(told).toBe(2);
  });

  it("runs at most `lanes` batches at once: units queued while they all run wait for the next", async () => {
    /** A host without a database whose transactions end when the test lets them. */
    let open = 0;
    let mostOpen = 0;
    const batches: string[][] = [];
    const ends: (() => void)[] = [];
    const host = {
      topLevel: async <T>(work: (tx: string[]) => Promise<T>) => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        const units: string[] = [];
        batches.push(units);
        const value = await work(units);
        await new Promise<void>((resolve) => ends.push(resolve));
        open--;
        return value;
      },
      savepoint: <T>(tx: string[], work: (tx: string[]) => Promise<T>) => work(tx),
    };
    const batch = new WriteBatch<string[]>(host, 64, 2);
    const unit = (name: string) => batch.run(async (tx) => tx.push(name));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const answered = [unit("a"), unit("b")];
    await turn();
    answered.push(unit("c"));
    await turn();
    // Two batches are open; "d" waits for one of them to end.
    answered.push(unit("d"));
    await turn();
    expect(batches).toEqual([["a", "b"], ["c"]]);
    while (ends.length > 0 || open > 0) {
      ends.shift()?.();
      await turn();
    }
    await Promise.all(answered);
    expect(batches).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(mostOpen).toBe(2);
  });
});
