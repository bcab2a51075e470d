import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteData, type SqliteTx } from "./sqlite.ts";

describe("SQLite transactions", () => {
  let dir: string;
  let data: SqliteData;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-tx-"));
    data = openSqlite(path.join(dir, "store.db"));
    data.db.run(sql`CREATE TABLE notes (body TEXT NOT NULL)`);
  });
  afterEach(async () => {
    await data.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const add = async (tx: SqliteTx, body: string) => {
    tx.sqlite.run(sql`INSERT INTO notes (body) VALUES (${body})`);
  };
  const bodiesIn = async (tx: SqliteTx) =>
    tx.sqlite.all<{ body: string }>(sql`SELECT body FROM notes`).map((r) => r.body);
  const committed = () => data.read(bodiesIn);
  /** A real pause (other callbacks and I/O run meanwhile), unlike an awaited promise. */
  const pause = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

  it("returns the work's value and rolls everything back when the work throws", async () => {
    expect(await data.transaction(async (tx) => (await add(tx, "kept"), 7))).toBe(7);
    await expect(
      data.transaction(async (tx) => {
        await add(tx, "lost");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await committed()).toEqual(["kept"]);
  });

  it("lets no other statement into an open transaction while it awaits", async () => {
    const events: string[] = [];
    const first = data.transaction(async (tx) => {
      await add(tx, "a1");
      events.push("first wrote a1");
      await pause();
      await add(tx, "a2");
      events.push("first wrote a2");
      throw new Error("first refused");
    });
    // Started while the first transaction awaits its pause: they wait for it to end.
    const reader = data.read(async (tx) => {
      events.push("reader ran");
      return bodiesIn(tx);
    });
    const second = data.transaction(async (tx) => {
      events.push("second ran");
      await add(tx, "b");
    });
    await expect(first).rejects.toThrow("first refused");
    expect(await reader).toEqual([]);
    await second;
    expect(events).toEqual(["first wrote a1", "first wrote a2", "reader ran", "second ran"]);
    expect(await committed()).toEqual(["b"]);
  });

  it("runs a transaction opened inside another as a savepoint: a failed inner part rolls back alone", async () => {
    await data.transaction(async (tx) => {
      await add(tx, "outer");
      await expect(
        data.transaction(async (inner) => {
          await add(inner, "inner");
          expect(await data.read(bodiesIn)).toEqual(["outer", "inner"]);
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      await data.savepoint(tx, (sp) => add(sp, "savepoint"));
      await add(tx, "after");
    });
    expect(await committed()).toEqual(["outer", "savepoint", "after"]);
  });

  it("joins the open transaction for a write batch started inside it", async () => {
    await expect(
      data.transaction(async (tx) => {
        await data.batch((inner) => add(inner, "batched"));
        await add(tx, "outer");
        throw new Error("all refused");
      }),
    ).rejects.toThrow("all refused");
    expect(await committed()).toEqual([]);
  });

  it("refuses a tx after its transaction ended, and the outer tx while a savepoint of it is open", async () => {
    let kept: SqliteTx | undefined;
    await data.transaction(async (tx) => {
      kept = tx;
      await data.savepoint(tx, async () => {
        expect(() => tx.db).toThrow("A savepoint of this transaction is open");
      });
    });
    expect(() => kept?.db).toThrow("This transaction has ended");
  });

  it("serves queued transactions in order, and keeps serving after a failed one", async () => {
    const order: number[] = [];
    await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        data.transaction(async (tx) => {
          await pause(1);
          order.push(n);
          await add(tx, String(n));
          if (n === 2) throw new Error("two refused");
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4]);
    expect(await committed()).toEqual(["1", "3", "4"]);
  });

  it("changes its stamp when a write commits, here or on another connection, and not for reads or rollbacks", async () => {
    const first = data.changeStamp();
    await committed();
    await expect(
      data.transaction(async (tx) => {
        await add(tx, "lost");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(data.changeStamp()).toBe(first);

    await data.transaction((tx) => add(tx, "here"));
    const afterOwnWrite = data.changeStamp();
    expect(afterOwnWrite).not.toBe(first);
    await data.batch((tx) => add(tx, "batched"));
    const afterBatch = data.changeStamp();
    expect(afterBatch).not.toBe(afterOwnWrite);

    // Another process writing the same file (a second connection).
    const other = new Database(path.join(dir, "store.db"));
    try {
      other.prepare("INSERT INTO notes (body) VALUES ('elsewhere')").run();
    } finally {
      other.close();
    }
    // Asked once per turn of the event loop: the next turn sees the other connection's commit.
    await new Promise((resolve) => setImmediate(resolve));
    expect(data.changeStamp()).not.toBe(afterBatch);
    expect(await committed()).toEqual(["here", "batched", "elsewhere"]);
  });
});
