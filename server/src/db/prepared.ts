/** Prepared statements for hot paths: compiled once per connection instead of per request. */
import { sql, type Placeholder } from "drizzle-orm";
import type { Db, Tables, Tx } from "./data.ts";

/** Named placeholders for every given column, to build prepared inserts. */
export function placeholders<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  const out = {} as Record<K, Placeholder<K>>;
  for (const key of keys) out[key] = sql.placeholder(key);
  return out;
}

/** A statement built once per connection and reused: `const find = prepared("name", (db, t) => db.select()...
 * .where(eq(t.x.id, sql.placeholder("id"))))`, then `await find(tx).execute({ id })` in the repo (rows for a
 * select or a returning(), nothing to rely on otherwise). It is built once per connection (`tx.connection`), not
 * per transaction: SQLite compiles it once for its one connection; PostgreSQL prepares it by name on each pooled
 * connection, and drizzle's prepared query runs on the connection it was built on, which is the transaction's. */
export function prepared<P>(name: string, build: (db: Db, t: Tables) => { prepare(name: string): P }): (tx: Tx) => P {
  const cache = new WeakMap<object, P>();
  return (tx) => {
    let statement = cache.get(tx.connection);
    if (statement === undefined) {
      statement = build(tx.db, tx.t).prepare(name);
      cache.set(tx.connection, statement);
    }
    return statement;
  };
}
