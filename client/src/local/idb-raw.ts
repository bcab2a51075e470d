/**
 * The app's IndexedDB database read with IndexedDB itself, for workers (which do not load Dexie): the page
 * created the database with Dexie's schema (db.ts) before asking, so a worker only opens it as it is.
 */
import type { Category, Product } from "@store/shared/schemas/catalog";
import { META } from "./meta.ts";

/** Opens the page's database as it is; never creates or upgrades it (that is Dexie's job, on the page). */
export function openExisting(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      // A later version of the app may need to upgrade the database: give the connection up when asked.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error(`${name} could not be opened`));
  });
}

function result<T>(request: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB read failed"));
  });
}

export interface CatalogSnapshot {
  /** The stored catalog version (undefined before the first sync landed). */
  version: unknown;
  products: Product[];
  categories: Category[];
}

/** The stored catalog and its version, read in one transaction (so they agree). */
export async function readCatalogSnapshot(idb: IDBDatabase): Promise<CatalogSnapshot> {
  const tx = idb.transaction(["meta", "products", "categories"], "readonly");
  const [meta, products, categories] = await Promise.all([
    result<{ value: unknown } | undefined>(tx.objectStore("meta").get(META.catalogVersion)),
    result<Product[]>(tx.objectStore("products").getAll()),
    result<Category[]>(tx.objectStore("categories").getAll()),
  ]);
  return { version: meta?.value, products, categories };
}
