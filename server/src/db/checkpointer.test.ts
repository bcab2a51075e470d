import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from "./checkpointer.ts";

describe("background WAL checkpoints", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkpointer-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("copies committed pages into the database file from a worker thread", async () => {
    const file = path.join(dir, "store.db");
    const sqlite = new Database(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("CREATE TABLE blobs (data BLOB NOT NULL)");
    const checkpointer = startCheckpointer(sqlite, file, 20);
    try {
      // The main connection no longer checkpoints at 1,000 pages: 2 MB stays in the WAL unless the worker acts.
      expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      const insert = sqlite.prepare("INSERT INTO blobs (data) VALUES (?)");
      sqlite.transaction(() => {
        for (let i = 0; i < 200; i++) insert.run(crypto.randomBytes(10_000));
      })();
      const deadline = Date.now() + 5_000;
      while (fs.statSync(file).size < 2_000_000 && Date.now() < deadline) await checkpointer.nextCheckpoint();
      expect(fs.statSync(file).size).toBeGreaterThan(2_000_000);
      expect(sqlite.prepare("SELECT count(*) AS n FROM blobs").get()).toEqual({ n: 200 });
    } finally {
      checkpointer.stop();
      sqlite.close();
    }
  });
});
