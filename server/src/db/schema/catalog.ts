/** The catalog tables: what catalog sync sends to every client. */
import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { DELIVERY_MODES } from "@store/shared/order-status";
import { ms } from "./columns.ts";

/** Shared columns: `version` counts edits of one row (optimistic concurrency); `rev` is the catalog
 * revision of its last change (what sync compares against). */
const tracked = {
  version: integer("version").notNull().default(1),
  rev: integer("rev").notNull().default(0),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
};

/** A price in each currency, in its minor units (shared/src/currency.ts); a product's and each of its variants'. */
const prices = {
  priceUsd: integer("price_usd").notNull().default(0),
  priceTnd: integer("price_tnd").notNull().default(0),
  priceEur: integer("price_eur").notNull().default(0),
  priceEgp: integer("price_egp").notNull().default(0),
};

export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    parentId: text("parent_id"),
    /** The name in other languages, JSON (shared/src/catalog-translations.ts); "" for none. */
    translations: text("translations").notNull().default(""),
    ...tracked,
  },
  (t) => [index("categories_rev_idx").on(t.rev), index("categories_parent_idx").on(t.parentId)],
);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    ...prices,
    discountPercent: integer("discount_percent").notNull().default(0),
    tagline: text("tagline").notNull().default(""),
    platform: text("platform").notNull().default(""),
    region: text("region").notNull().default(""),
    delivery: text("delivery").notNull().default(""),
    sku: text("sku").notNull().default(""),
    inStock: boolean("in_stock").notNull().default(true),
    /** automatic: sold from code stock (in_stock then follows the available codes); manual: fulfilled by hand. */
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("manual"),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    categoryId: text("category_id"),
    sales: integer("sales").notNull().default(0),
    /** Title, tagline and description in other languages, JSON (shared/src/catalog-translations.ts); "" for none. */
    translations: text("translations").notNull().default(""),
    ...tracked,
  },
  (t) => [
    index("products_rev_idx").on(t.rev),
    // The admin list, newest first, paged by (created_at, id) (docs/decisions.md D30); by category too (which also
    // serves every lookup by category alone).
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    // The dashboard's stock alerts: the automatic products (a few among many), by low-stock threshold.
    index("products_delivery_threshold_idx").on(t.deliveryMode, t.lowStockThreshold),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...prices,
    position: integer("position").notNull().default(0),
  },
  (t) => [index("variants_product_idx").on(t.productId)],
);

export const banners = pgTable(
  "banners",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    image: text("image").notNull().default(""),
    link: text("link").notNull().default(""),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    /** The title in other languages, JSON (shared/src/catalog-translations.ts); "" for none. */
    translations: text("translations").notNull().default(""),
    ...tracked,
  },
  (t) => [index("banners_rev_idx").on(t.rev)],
);

/** Key/value settings (toggles, rate, ...), JSON-encoded; `rev` makes them part of catalog sync. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  rev: integer("rev").notNull().default(0),
  version: integer("version").notNull().default(1),
  updatedAt: ms("updated_at").notNull(),
});

/** One row (id 1): the catalog's current revision, bumped by every catalog change. */
export const catalogState = pgTable("catalog_state", {
  id: integer("id").primaryKey(),
  rev: integer("rev").notNull().default(0),
});

/** Deleted catalog rows, so an incremental sync can tell clients to drop them. */
export const catalogDeletions = pgTable(
  "catalog_deletions",
  {
    entity: text("entity", { enum: ["products", "categories", "banners"] }).notNull(),
    entityId: text("entity_id").notNull(),
    rev: integer("rev").notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId] }), index("catalog_deletions_rev_idx").on(t.rev)],
);
