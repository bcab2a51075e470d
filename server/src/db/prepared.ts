/** Prepared statements for hot paths: compiled once per connection instead of per request. */
import { sql, type Placeholder } from "drizzle-orm";
import type { Tx } from "./data.ts";
import type { SqliteDb } from "./sqlite.ts";

/** Named placeholders for every given column, to build prepared inserts. */
export function placeholders<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  const out = {} as Record<K, Placeholder<K>>;
  for (const key of keys) out[key] = sql.placeholder(key);
  return out;
}

/** A statement built on first use on a connection and reused after: `const find = prepared((db) => ...)`,
 * then `find(tx).get({...})` in the repo. */
export function prepared<S>(build: (db: SqliteDb) => S): (tx: Tx) => S {
  const cache = new WeakMap<SqliteDb, S>();
  return (tx) => {
    const db = tx.db;
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}
