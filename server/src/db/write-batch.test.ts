import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "./client.ts";
import { WriteBatch } from "./write-batch.ts";

describe("WriteBatch (group commit)", () => {
  let dir: string;
  let db: Db;
  let close: () => void;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-batch-"));
    ({ db, close } = openDatabase(path.join(dir, "store.db")));
    db.run(sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)`);
  });
  afterEach(() => {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (body: string) => (tx: Db) => tx.run(sql`INSERT INTO notes (body) VALUES (${body})`).lastInsertRowid;
  const bodies = () => db.all<{ body: string }>(sql`SELECT body FROM notes ORDER BY id`).map((r) => r.body);

  it("commits the units queued in one turn together, in order, and answers each after the commit", async () => {
    const batch = new WriteBatch(db);
    const transactions = vi.spyOn(db, "transaction");
    const answers = await Promise.all(["a", "b", "c"].map((body) => batch.run(insert(body))));
    expect(answers).toEqual([1, 2, 3]);
    expect(bodies()).toEqual(["a", "b", "c"]);
    // One outer transaction, plus one savepoint per unit.
    expect(transactions.mock.calls.filter(([, config]) => config?.behavior === "immediate")).toHaveLength(1);
  });

  it("rolls back only the unit that throws, and rejects only its caller", async () => {
    const batch = new WriteBatch(db);
    const results = await Promise.allSettled([
      batch.run(insert("a")),
      batch.run((tx) => {
        insert("half-written")(tx);
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
    const batch = new WriteBatch(db, 2);
    const transactions = vi.spyOn(db, "transaction");
    await Promise.all(["a", "b", "c", "d", "e"].map((body) => batch.run(insert(body))));
    expect(bodies()).toEqual(["a", "b", "c", "d", "e"]);
    expect(transactions.mock.calls.filter(([, config]) => config?.behavior === "immediate")).toHaveLength(3);
  });

  it("rejects every unit of a batch whose commit fails, and keeps working afterwards", async () => {
    const batch = new WriteBatch(db);
    const commit = vi.spyOn(db, "transaction").mockImplementationOnce(() => {
      throw new Error("disk I/O error");
    });
    const failed = await Promise.allSettled([batch.run(insert("a")), batch.run(insert("b"))]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    commit.mockRestore();
    expect(await batch.run(insert("c"))).toBe(1);
    expect(bodies()).toEqual(["c"]);
  });
});
