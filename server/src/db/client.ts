/** Opens the database DATABASE_URL names (db/url.ts), applying pending migrations. */
import type { DataLayer } from "./data.ts";
import { openPostgres } from "./postgres.ts";
import { openSqlite, type SqliteOptions } from "./sqlite.ts";
import type { DatabaseTarget } from "./url.ts";

export type OpenOptions = SqliteOptions;

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DataLayer> {
  if (target.engine === "sqlite") return openSqlite(target.file, options);
  return openPostgres(target.url, target.readUrl === undefined ? {} : { readUrl: target.readUrl });
}
