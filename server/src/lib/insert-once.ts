/** The insert the store uses where a unique key says "already recorded": a replayed payment notification, money
 * already known to be unmatched, a back-in-stock request already waiting. */
import type { IndexColumn, PgColumn, PgDatabase, PgInsertValue, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";

/** Inserts `row` unless a row with the same `key` is there (nothing written then); true when it wrote it. */
export async function insertOnce<T extends PgTable & { id: PgColumn }>(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  table: T,
  row: PgInsertValue<T>,
  key: IndexColumn[],
): Promise<boolean> {
  const rows = await db.insert(table).values(row).onConflictDoNothing({ target: key }).returning({ id: table.id });
  return rows.length > 0;
}
