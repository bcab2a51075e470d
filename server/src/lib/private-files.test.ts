import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite } from "../db/sqlite.ts";
import { ensurePrivateDir } from "./private-files.ts";

const mode = (f: string) => fs.statSync(f).mode & 0o777;

describe("owner-only storage", () => {
  let root = "";
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "store-private-"));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("creates DATA_DIR, the database and its WAL journals readable by the owner only", async () => {
    const dataDir = path.join(root, "new", "data");
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    const file = path.join(dataDir, "store.db");
    const data = openSqlite(file);
    await data.transaction(async (tx) => {
      await tx.db.insert(tx.t.rateLimits).values({ key: "k", windowStart: 1, count: 1 });
    });
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    await data.close();
  });

  it("makes an existing world-readable data directory and database owner-only at start", async () => {
    const dataDir = path.join(root, "old");
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, "store.db");
    await openSqlite(file).close();
    fs.chmodSync(file, 0o644);
    ensurePrivateDir(dataDir);
    const data = openSqlite(file);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    await data.close();
  });
});
