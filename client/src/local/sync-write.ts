/**
 * Writes sync answers with IndexedDB itself: a full answer replaces the catalog tables, a delta merges and
 * deletes, and a page of a paged sync is written with the position reached (docs/decisions.md D33). Free of
 * Dexie, so the sync-store worker stays small; the page's Dexie side (apply-sync.ts) announces the change to
 * its live queries.
 */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { META } from "./meta.ts";

/** The tables a sync answer writes (object stores of db.ts's schema). */
export const CATALOG_TABLES = ["products", "categories", "banners", "meta"] as const;

/** Where a paged sync stands: pages from `since` (0 for a full copy), the first page's version (what the copy
 * holds once the last page is stored), and the last product id stored. */
export interface SyncProgress {
  since: number;
  version: number;
  after: string;
}

export interface PageWrite {
  res: SyncResponse;
  /** The walk's first page: a full copy clears the tables before it. */
  first: boolean;
  /** Where the walk stands after this page; null when it was the last (the copy is then at `version`). */
  progress: SyncProgress | null;
  /** The version the copy holds once the walk ends: the first page's. */
  version: number;
  etag: string | null;
}

/** Writes one page of a sync walk in one transaction, with the position reached, so a walk cut short resumes
 * at the next page. The catalog's version is written with the last page only: until then the copy is not a
 * complete one at any version. */
export function writeSyncPage(idb: IDBDatabase, { res, first, progress, version, etag }: PageWrite): Promise<void> {
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
    if (first && res.full) {
      products.clear();
      categories.clear();
      banners.clear();
      if (progress) meta.delete(META.catalogVersion);
    } else {
      for (const id of res.deleted.products) products.delete(id);
      for (const id of res.deleted.categories) categories.delete(id);
      for (const id of res.deleted.banners) banners.delete(id);
    }
    for (const row of res.products) products.put(row);
    for (const row of res.categories) categories.put(row);
    for (const row of res.banners) banners.put(row);
    if (res.settings) meta.put({ key: META.settings, value: res.settings });
    if (progress) {
      meta.put({ key: META.syncProgress, value: progress });
      return;
    }
    meta.delete(META.syncProgress);
    meta.put({ key: META.catalogVersion, value: version });
    meta.put({ key: META.syncedAt, value: Date.now() });
    if (etag) meta.put({ key: META.etag, value: etag });
    else meta.delete(META.etag);
  });
}

/** Writes one complete sync answer (a single page). */
export function writeSyncAnswer(idb: IDBDatabase, res: SyncResponse, etag?: string | null): Promise<void> {
  return writeSyncPage(idb, { res, first: true, progress: null, version: res.version, etag: etag ?? null });
}
