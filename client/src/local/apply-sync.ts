/** Writing a sync answer into the local catalog, shared by the page and the sync-store worker. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { META, type StoreDb } from "./db.ts";

/** Writes one sync answer: a full answer replaces the local tables, a delta merges and deletes. */
export async function applySync(db: StoreDb, res: SyncResponse, etag?: string | null): Promise<void> {
  await db.transaction("rw", [db.products, db.categories, db.banners, db.meta], async () => {
    if (res.full) {
      await Promise.all([db.products.clear(), db.categories.clear(), db.banners.clear()]);
    } else {
      await Promise.all([
        db.products.bulkDelete(res.deleted.products),
        db.categories.bulkDelete(res.deleted.categories),
        db.banners.bulkDelete(res.deleted.banners),
      ]);
    }
    await Promise.all([
      db.products.bulkPut(res.products),
      db.categories.bulkPut(res.categories),
      db.banners.bulkPut(res.banners),
    ]);
    if (res.settings) await db.meta.put({ key: META.settings, value: res.settings });
    await db.meta.put({ key: META.catalogVersion, value: res.version });
    await db.meta.put({ key: META.syncedAt, value: Date.now() });
    if (etag) await db.meta.put({ key: META.etag, value: etag });
  });
}
