/** Prepared statements for hot paths: compiled once per connection instead of per request. */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tables, Tx } from "./data.ts";

/** Named placeholders for every given column, to build prepared inserts; with `row`, those of row `row` of a
 * statement of preparedPerCount() (`key_row`, see numbered()). */
export function placeholders<K extends string>(keys: readonly K[], row?: number): Record<K, Placeholder> {
  const out = {} as Record<K, Placeholder>;
  for (const key of keys) out[key] = sql.placeholder(row === undefined ? key : `${key}_${row}`);
  return out;
}

/** A statement built once per connection and reused: `const find = prepared("name", (db, t) => db.select()...
 * .where(eq(t.x.id, sql.placeholder("id"))))`, then `await find(tx).execute({ id })` in the repo (rows for a
 * select or a returning(), nothing to rely on otherwise). It is built once per connection (`tx.connection`), not
 * per transaction: SQLite compiles it once for its one connection; PostgreSQL prepares it by name on each pooled
 * connection, and drizzle's prepared query runs on the connection it was built on, which is the transaction's. */
export function prepared<P>(name: string, build: (db: Db, t: Tables) => Preparable<P>): (tx: Tx) => P {
  const cache = new WeakMap<object, P>();
  return (tx) => {
    let statement = cache.get(tx.connection);
    if (statement === undefined) {
      const query = build(tx.db, tx.t);
      refuseBareLimit(name, query.toSQL().sql);
      statement = query.prepare(name);
      cache.set(tx.connection, statement);
    }
    return statement;
  };
}

/** A query builder that prepared() can compile: drizzle's select, insert, update and delete builders. */
interface Preparable<P> {
  prepare(name: string): P;
  toSQL(): { sql: string };
}

/** SQLite plans a LIMIT given as a bare placeholder (drizzle's `.limit(n)` writes `limit ?`) for the value bound to
 * it, so the statement is compiled again whenever a value is bound to it, and better-sqlite3 binds afresh on every
 * run: a prepared statement would be compiled on every use, which is what prepared() is for avoiding. Written as an
 * expression (`limit ${sql.placeholder("n")} + 0`), or left out where the WHERE finds one row, it is compiled once.
 * Refused when the statement is built, so a test that runs it finds it. */
export function refuseBareLimit(name: string, text: string): void {
  if (/\blimit \?(?!\s*\+)/i.test(text))
    throw new Error(
      `Prepared statement ${name}: its LIMIT is a bare placeholder, which SQLite compiles again on every run; write it as "limit ? + 0" or leave it out.`,
    );
}

const pgDialect = new PgDialect();

/** prepared() for a PostgreSQL statement written in SQL, where the query builders cannot spell it (a MATERIALIZED
 * CTE feeding an UPDATE ... FROM): built and prepared by name once per connection, as a builder's, so neither this
 * process builds its text nor PostgreSQL parses and plans it on every run. Values are named placeholders
 * (sql.placeholder()); it answers the driver's result, as tx.db.execute() does. */
export function preparedPgSql<Row>(
  name: string,
  build: (db: Db, t: Tables) => SQL,
): (tx: Tx) => { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> } {
  return prepared(name, (db, t) => {
    const query = pgDialect.sqlToQuery(build(db, t));
    return {
      toSQL: () => query,
      prepare: (statementName: string) =>
        db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
          query,
          undefined,
          statementName,
          false,
        ),
    };
  });
}

/** prepared() for a statement whose shape depends on a count (n rows to insert, n ids to look up): one statement
 * per count, each built once per connection and named `${name}_${n}`. Placeholders of row or item i are named
 * with the suffix `_${i}` (see numbered()). */
export function preparedPerCount<P>(
  name: string,
  build: (db: Db, t: Tables, n: number) => Preparable<P>,
): (tx: Tx, n: number) => P {
  const perCount = new Map<number, (tx: Tx) => P>();
  return (tx, n) => {
    let statement = perCount.get(n);
    if (statement === undefined) {
      statement = prepared(`${name}_${n}`, (db, t) => build(db, t, n));
      perCount.set(n, statement);
    }
    return statement(tx);
  };
}

/** The placeholders `key_0` .. `key_{n-1}` of preparedPerCount(), e.g. for `inArray(t.x.id, numberedPlaceholders("id", n))`;
 * numbered() gives their values. */
export function numberedPlaceholders(key: string, n: number): Placeholder[] {
  return Array.from({ length: n }, (_, i) => sql.placeholder(`${key}_${i}`));
}

/** The values of items 0..n-1 as the numbered placeholders of preparedPerCount(): `{ id_0: a, id_1: b }`. */
export function numbered<T extends Record<string, unknown>>(items: readonly T[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  items.forEach((item, i) => {
    for (const [key, value] of Object.entries(item)) out[`${key}_${i}`] = value;
  });
  return out;
}
