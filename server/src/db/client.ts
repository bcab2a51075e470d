import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema/index.ts";
import { startCheckpointer } from "./checkpointer.ts";

export type Db = BetterSQLite3Database<typeof schema>;
export interface Database_ {
  db: Db;
  close: () => void;
}

const migrationsFolder = fileURLToDir("./migrations");

function fileURLToDir(relative: string): string {
  // Bundled builds copy migrations next to main.js; source runs read them beside this file.
  const bundled = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");
  if (fs.existsSync(path.join(bundled, "meta"))) return bundled;
  return new URL(relative, import.meta.url).pathname;
}

export interface OpenOptions {
  /** Run WAL checkpoints on a worker thread instead of inside commits (the long-running server). */
  backgroundCheckpoints?: boolean;
}

/** Opens (creating if needed) the SQLite file and applies pending migrations. */
export function openDatabase(file: string, options: OpenOptions = {}): Database_ {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  const checkpointer = options.backgroundCheckpoints && file !== ":memory:" ? startCheckpointer(sqlite, file) : null;
  return {
    db,
    close: () => {
      checkpointer?.stop();
      sqlite.close();
    },
  };
}
