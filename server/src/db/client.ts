/** Opens the database DATABASE_URL names (db/url.ts), applying pending migrations. */
import type { DataLayer } from "./data.ts";
import { openSqlite, type SqliteOptions } from "./sqlite.ts";
import type { DatabaseTarget } from "./url.ts";

export type OpenOptions = SqliteOptions;

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DataLayer> {
  if (target.engine === "sqlite") return openSqlite(target.file, options);
  throw new Error("PostgreSQL (DATABASE_URL=postgres://...) is not supported yet by this build of the server.");
}
