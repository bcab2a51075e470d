/** The catalog's version (`catalog_state`, one row) and the deletions the incremental sync sends (`catalog_deletions`):
 * the only writer of both. Whatever stamps a change with a new catalog version (the console's edits, banners,
 * settings, a paid order's sales, stock's in_stock) asks here, and needs nothing else of the catalog. Each method
 * takes the transaction it runs in. */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { prepared } from "../../db/prepared.ts";

/** The kinds of catalog row whose deletion the sync sends. */
export type CatalogEntity = "products" | "categories" | "banners";

/** The catalog's version, read on every catalog request (the answers are kept per version): compiled once. */
const selectRev = prepared("catalog_rev", (db, t) =>
  db.select({ rev: t.catalogState.rev }).from(t.catalogState).where(eq(t.catalogState.id, 1)),
);

export class CatalogVersions {
  async currentRev(tx: Tx): Promise<number> {
    return (await selectRev(tx).execute())[0]?.rev ?? 0;
  }

  /** Bumps the catalog revision; call inside the transaction of the change it stamps. The row stays locked
   * until that transaction ends, so catalog changes commit one after the other, in revision order (on
   * PostgreSQL a reader's snapshot never sees revision n+1 without n). */
  async bumpRev(tx: Tx): Promise<number> {
    const { catalogState } = tx.t;
    const rows = await tx.db
      .insert(catalogState)
      .values({ id: 1, rev: 1 })
      .onConflictDoUpdate({ target: catalogState.id, set: { rev: sql`${catalogState.rev} + 1` } })
      .returning({ rev: catalogState.rev });
    const row = rows[0];
    if (!row) throw new Error("the catalog revision was not written");
    tx.wroteCatalogVersion(row.rev);
    return row.rev;
  }

  async recordDeletion(tx: Tx, entity: CatalogEntity, entityId: string, rev: number): Promise<void> {
    const { catalogDeletions } = tx.t;
    await tx.db
      .insert(catalogDeletions)
      .values({ entity, entityId, rev })
      .onConflictDoUpdate({ target: [catalogDeletions.entity, catalogDeletions.entityId], set: { rev } });
  }

  /** A row re-created with a deleted id must not stay deleted for clients. */
  async clearDeletion(tx: Tx, entity: CatalogEntity, entityId: string): Promise<void> {
    const { catalogDeletions } = tx.t;
    await tx.db
      .delete(catalogDeletions)
      .where(and(eq(catalogDeletions.entity, entity), eq(catalogDeletions.entityId, entityId)));
  }
}
