import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./client.ts";
import { transactionRunner } from "./transactions.ts";

describe("transactionRunner", () => {
  let dir: string;
  let db: Db;
  let close: () => void;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "transactions-"));
    ({ db, close } = openDatabase(path.join(dir, "store.db")));
    db.run(sql`CREATE TABLE notes (body TEXT NOT NULL)`);
  });
  afterEach(() => {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const add = (body: string) => db.run(sql`INSERT INTO notes (body) VALUES (${body})`);
  const bodies = () => db.all<{ body: string }>(sql`SELECT body FROM notes`).map((r) => r.body);

  it("returns the work's value and rolls everything back when the work throws", () => {
    const inTransaction = transactionRunner(db);
    expect(inTransaction(() => (add("kept"), 7), "immediate")).toBe(7);
    expect(() =>
      inTransaction(() => {
        add("lost");
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(bodies()).toEqual(["kept"]);
  });

  it("runs as a savepoint inside an open transaction: a failed inner part rolls back alone", () => {
    const inTransaction = transactionRunner(db);
    inTransaction(() => {
      add("outer");
      expect(() =>
        inTransaction(() => {
          add("inner");
          throw new Error("inner refused");
        }),
      ).toThrow("inner refused");
      add("after");
    }, "immediate");
    expect(bodies()).toEqual(["outer", "after"]);
  });
});
