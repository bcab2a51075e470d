/** Writing a sync answer into the app's database from the page, and telling its live queries. */
import { Dexie, RangeSet, type ObservabilitySet } from "dexie";
import type { SyncResponse } from "@store/shared/schemas/catalog";
import type { StoreDb } from "./db.ts";
import { CATALOG_TABLES, writeSyncAnswer } from "./sync-write.ts";

/** Writes one sync answer (see sync-write.ts) and announces it to live queries here and in other tabs. */
export async function applySync(db: StoreDb, res: SyncResponse, etag?: string | null): Promise<void> {
  await db.open();
  await writeSyncAnswer(db.backendDB(), res, etag);
  announceCatalogChange(db);
}

/**
 * Tells Dexie's live queries (this page's, and through Dexie's broadcast other tabs') that the catalog
 * tables changed: the writes went to IndexedDB directly (here or in the sync-store worker), not through
 * Dexie, which would otherwise have announced them itself.
 */
export function announceCatalogChange(db: StoreDb): void {
  const parts: ObservabilitySet = {};
  const everything = () => new RangeSet(-Infinity, [[[]]]);
  for (const name of CATALOG_TABLES) {
    const table = db.table(name);
    for (const index of table.schema.indexes) {
      if (index.name) parts[`idb://${db.name}/${name}/${index.name}`] = everything();
    }
    parts[`idb://${db.name}/${name}/`] = everything();
    parts[`idb://${db.name}/${name}/:dels`] = everything();
  }
  Dexie.on.storagemutated.fire(parts);
}
