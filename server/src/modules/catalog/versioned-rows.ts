/** What the console's catalog rows (products, categories, banners) share: each carries its own version, which an
 * edit must be made against (optimistic concurrency), and the catalog version (`rev`) that last wrote it, which the
 * incremental sync reads (docs/decisions.md D1). The writes below are called by each table's own repo, so every
 * table keeps one writer. */
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tables, Tx } from "../../db/data.ts";
import type { CatalogEntity, CatalogVersions } from "./catalog-versions.repo.ts";

/** The columns a new row starts with: its first version, written at catalog version `rev`. */
function firstVersion(
  rev: number,
  now: number,
): { version: number; rev: number; createdAt: number; updatedAt: number } {
  return { version: 1, rev, createdAt: now, updatedAt: now };
}

/** The columns an edit of `current` sets: its next version, written at catalog version `rev`. */
export function nextVersion(
  current: { version: number },
  rev: number,
  now: number,
): { version: number; rev: number; updatedAt: number } {
  return { version: current.version + 1, rev, updatedAt: now };
}

/** Adds a row to the catalog at a new catalog version: `insert` writes it with the columns it starts with, and an
 * earlier deletion of the same id is forgotten, so a syncing client gets the row and not its removal. */
export async function addToCatalog(
  tx: Tx,
  versions: CatalogVersions,
  [entity, id]: [CatalogEntity, string],
  now: number,
  insert: (start: ReturnType<typeof firstVersion>) => Promise<void>,
): Promise<void> {
  const rev = await versions.bumpRev(tx);
  await insert(firstVersion(rev, now));
  await versions.clearDeletion(tx, entity, id);
}

/** Removes a row from the catalog at a new catalog version, and records the deletion for the clients' sync. */
export async function removeFromCatalog(
  tx: Tx,
  versions: CatalogVersions,
  [entity, id]: [CatalogEntity, string],
  remove: () => Promise<void>,
): Promise<void> {
  const rev = await versions.bumpRev(tx);
  await remove();
  await versions.recordDeletion(tx, entity, id, rev);
}

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** Updates row `id` only when it still has `version`; false when someone else changed (or deleted) it meanwhile. */
export async function updateAtVersion<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: string,
  version: number,
  set: PgUpdateSetSource<T>,
): Promise<boolean> {
  const rows = await tx.db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** What a versioned table's repo writes: a new row, an edit made against the row's version (false when someone else
 * changed or deleted it meanwhile), a deletion. */
export interface VersionedRowWrites<T extends VersionedTable> {
  insert(tx: Tx, row: PgInsertValue<T>): Promise<void>;
  update(tx: Tx, id: string, version: number, set: PgUpdateSetSource<T>): Promise<boolean>;
  delete(tx: Tx, id: string): Promise<void>;
}

/** The writes of the table `table` picks from a transaction's tables (each engine has its own, so it is picked
 * anew for each `tx`). Only the table's owner calls this: the writes count as its (db/table-owners.test.ts). */
export function versionedRowWrites<T extends VersionedTable>(table: (t: Tables) => T): VersionedRowWrites<T> {
  return {
    async insert(tx, row) {
      await tx.db.insert(table(tx.t)).values(row);
    },
    update: (tx, id, version, set) => updateAtVersion(tx, table(tx.t), id, version, set),
    async delete(tx, id) {
      const rows = table(tx.t);
      await tx.db.delete(rows).where(eq(rows.id, id));
    },
  };
}
