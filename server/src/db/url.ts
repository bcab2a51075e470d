/** Which database DATABASE_URL names: unset or `file:` is a SQLite file, `postgres://` or `postgresql://` a
 * PostgreSQL server. Anything else is refused at start, rather than taken for a file name. */
import path from "node:path";
import { fileURLToPath } from "node:url";

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

const DATABASE_URL_HELP =
  "DATABASE_URL must be empty (a SQLite file in DATA_DIR), file:<path> (a SQLite file) or postgres://user@host:port/database";

export function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined || url.trim() === "") return { engine: "sqlite", file: path.join(dataDir, "store.db") };
  const value = url.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) return { engine: "postgres", url: value };
  if (/^file:/i.test(value)) {
    // file:///abs/store.db (a URL) or file:relative/store.db / file:/abs/store.db (a path after the scheme).
    const file = /^file:\/\//i.test(value) ? fileURLToPath(value) : value.slice("file:".length);
    if (file.trim() === "") throw new Error(`Invalid DATABASE_URL "${value}": no file name. ${DATABASE_URL_HELP}.`);
    return { engine: "sqlite", file: path.resolve(file) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new Error(`Unsupported DATABASE_URL${scheme ? ` scheme "${scheme}:"` : ` "${value}"`}. ${DATABASE_URL_HELP}.`);
}
