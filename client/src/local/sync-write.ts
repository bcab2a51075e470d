/**
 * Writes one sync answer with IndexedDB itself: a full answer replaces the catalog tables, a delta merges
 * and deletes. Free of Dexie, so the sync-store worker stays small; the page's Dexie side (apply-sync.ts)
 * announces the change to its live queries.
 */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { META } from "./meta.ts";

/** The tables a sync answer writes (object stores of db.ts's schema). */
export const CATALOG_TABLES = ["products", "categories", "banners", "meta"] as const;

export function writeSyncAnswer(idb: IDBDatabase, res: SyncResponse, etag?: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction([...CATALOG_TABLES], "readwrite");
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("The catalog could not be stored"));
    tx.onabort = () => reject(tx.error ?? new Error("The catalog could not be stored"));
    const products = tx.objectStore("products");
    const categories = tx.objectStore("categories");
    const banners = tx.objectStore("banners");
    const meta = tx.objectStore("meta");
    // Requests of one transaction run in order: the clears and deletes come before the puts.
    if (res.full) {
      products.clear();
      categories.clear();
      banners.clear();
    } else {
      for (const id of res.deleted.products) products.delete(id);
      for (const id of res.deleted.categories) categories.delete(id);
      for (const id of res.deleted.banners) banners.delete(id);
    }
    for (const row of res.products) products.put(row);
    for (const row of res.categories) categories.put(row);
    for (const row of res.banners) banners.put(row);
    if (res.settings) meta.put({ key: META.settings, value: res.settings });
    meta.put({ key: META.catalogVersion, value: res.version });
    meta.put({ key: META.syncedAt, value: Date.now() });
    if (etag) meta.put({ key: META.etag, value: etag });
  });
}
