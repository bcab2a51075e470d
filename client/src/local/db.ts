/** The storefront's IndexedDB database (docs/decisions.md D1, D2): the synced catalog plus the shopper's own data. */
import type { CodedError, ErrorParams } from "@store/shared/schemas/error-codes";
import { Dexie, type EntityTable } from "dexie";
import type { Currency } from "@store/shared/currency";
import type { Banner, Category, Product } from "@store/shared/schemas/catalog";
import type { VersionedCopy } from "@store/shared/schemas/conflict";
import { META } from "./meta.ts";

export interface MetaRow {
  key: string;
  value: unknown;
}

export { META } from "./meta.ts";

export interface CartRow {
  /** lineKey() of shared/cart.ts: product id plus variant id. */
  key: string;
  id: string;
  qty: number;
  variantId?: string;
  addedAt: number;
}

export interface WishlistRow {
  productId: string;
  addedAt: number;
  /** The unit price the shopper saw when saving it, per currency (minor units), to show price changes. */
  prices?: Partial<Record<Currency, number>>;
}

interface RecentSearchRow {
  query: string;
  at: number;
}

export type OutboxStatus = "pending" | "sending" | "conflict" | "failed";

/** An admin edit queued while offline (docs/decisions.md D17); replayed in id order. */
export interface AdminOutboxRow {
  id?: number;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body: unknown;
  idempotencyKey: string;
  baseVersion: number | null;
  status: OutboxStatus;
  createdAt: number;
  error?: string;
  /** The refusal's code and parameters (and its fields' codes), to say `error` in the operator's language. */
  refusal?: { code?: string; params?: ErrorParams; fieldCodes?: Record<string, CodedError> };
  /** What the edit changes ("product", "settings.rate"...), its id, and a label for the pending panel. */
  entity?: string;
  entityId?: string;
  label?: string;
  /** The server's current version reported with a 409, used by "Keep mine". */
  serverVersion?: number;
  /** The server's copy of the entity reported with a 409, shown beside this edit so the operator can choose. */
  serverCopy?: VersionedCopy;
}

/** The admin outbox's table: where the console's offline edits wait (local/admin-api.ts queues them). */
export type OutboxTable = EntityTable<AdminOutboxRow, "id">;

export type StoreDb = Dexie & {
  products: EntityTable<Product, "id">;
  categories: EntityTable<Category, "id">;
  banners: EntityTable<Banner, "id">;
  meta: EntityTable<MetaRow, "key">;
  cart: EntityTable<CartRow, "key">;
  wishlist: EntityTable<WishlistRow, "productId">;
  recentSearches: EntityTable<RecentSearchRow, "query">;
  adminOutbox: EntityTable<AdminOutboxRow, "id">;
};

const DB_NAME = "digital-store";

export function openStoreDb(name = DB_NAME): StoreDb {
  // No live-query cache: its optimistic layer deep-clones every result, which cost more main-thread
  // time than the IndexedDB reads it saves for a catalog this size (measured with Lighthouse).
  const db = new Dexie(name, { cache: "disabled" }) as StoreDb;
  // Every table the app needs is declared in version 1, so features need not bump versions.
  db.version(1).stores({
    products: "id, categoryId, createdAt, discountPercent, sales",
    categories: "id, slug, parentId",
    banners: "id, active",
    meta: "key",
    cart: "key, id, addedAt",
    wishlist: "productId, addedAt",
    recentSearches: "query, at",
    adminOutbox: "++id, status, createdAt",
  });
  // Version 2: banners carry their position. Forget the catalog version so the next sync is a full one.
  db.version(2)
    .stores({})
    .upgrade((tx) => tx.table("meta").bulkDelete([META.catalogVersion, META.etag]));
  // Version 3: the home sections read their few products through indexes (never the whole catalog).
  db.version(3).stores({
    products: "id, categoryId, createdAt, discountPercent, sales, [discountPercent+createdAt], [sales+createdAt]",
  });
  return db;
}

export const db: StoreDb = openStoreDb();
