/** Which database DATABASE_URL names: unset or `file:` is a SQLite file, `postgres://` or `postgresql://` a
 * PostgreSQL server. Anything else is refused at start, rather than taken for a file name. DATABASE_READ_URL, a
 * read replica of that PostgreSQL database for the catalog's public reads (docs/decisions.md D51), is refused with
 * SQLite and when it is no postgres:// address; its value is never quoted (it holds a password). */
import path from "node:path";
import { fileURLToPath } from "node:url";

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string; readUrl?: string };

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

const DATABASE_URL_HELP =
  "DATABASE_URL must be empty (a SQLite file in DATA_DIR), file:<path> (a SQLite file) or postgres://user@host:port/database";

export function databaseTarget(url: string | undefined, dataDir: string, readUrl?: string): DatabaseTarget {
  const target = primaryTarget(url, dataDir);
  const replica = readUrl?.trim();
  if (replica === undefined || replica === "") return target;
  if (target.engine === "sqlite")
    throw new Error(
      "DATABASE_READ_URL is set but the database is SQLite: a read replica needs DATABASE_URL to be the PostgreSQL " +
        "primary (postgres://...); unset DATABASE_READ_URL to run on SQLite.",
    );
  if (!POSTGRES_URL.test(replica))
    throw new Error(
      "DATABASE_READ_URL must be a postgres:// or postgresql:// address (a read replica of DATABASE_URL).",
    );
  return { ...target, readUrl: replica };
}

function primaryTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined || url.trim() === "") return { engine: "sqlite", file: path.join(dataDir, "store.db") };
  const value = url.trim();
  if (POSTGRES_URL.test(value)) return { engine: "postgres", url: value };
  if (/^file:/i.test(value)) {
    // file:///abs/store.db (a URL) or file:relative/store.db / file:/abs/store.db (a path after the scheme).
    const file = /^file:\/\//i.test(value) ? fileURLToPath(value) : value.slice("file:".length);
    if (file.trim() === "") throw new Error(`Invalid DATABASE_URL "${value}": no file name. ${DATABASE_URL_HELP}.`);
    return { engine: "sqlite", file: path.resolve(file) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new Error(`Unsupported DATABASE_URL${scheme ? ` scheme "${scheme}:"` : ` "${value}"`}. ${DATABASE_URL_HELP}.`);
}
