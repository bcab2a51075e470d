/** Every catalog query: products, variants, categories, banners and deletions (the catalog's version is read and
 * bumped by CatalogVersions), and every write of products and variants (whoever changes them: the console, a paid
 * order's sales, stock's in_stock), so those tables have one writer. Each method takes the transaction it runs in. */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { CatalogEntity, CatalogVersions } from "./catalog-versions.repo.ts";
import { updateAtVersion } from "./versioned-rows.ts";
import type { banners, categories, products, variants } from "../../db/schema/index.ts";
import type { Banner, Category, Product, Variant } from "@store/shared/schemas/catalog";
import {
  decodeTranslations,
  type BannerTranslations,
  type CategoryTranslations,
  type ProductTranslations,
} from "@store/shared/catalog-translations";

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type VariantInsert = typeof variants.$inferInsert;

/** One product as stock reads it (CodesRepo.stockStates): its delivery mode, its in_stock flag, and whether a code
 * of it is available. */
export interface StockState {
  id: string;
  inStock: boolean;
  mode: "automatic" | "manual";
  hasAvailable: boolean;
}

function toVariant(v: VariantRow): Variant {
  return { id: v.id, name: v.name, price: { USD: v.priceUsd, TND: v.priceTnd, EUR: v.priceEur, EGP: v.priceEgp } };
}

/** The `translations` key of an answer: only a row with translations carries it, so the others' sync answer does
 * not grow. */
function translationsOf<T extends object>(stored: string): { translations?: T } {
  const translations = decodeTranslations<T>(stored);
  return translations ? { translations } : {};
}

function toProduct(p: ProductRow, vs: VariantRow[]): Product {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    image: p.image,
    price: { USD: p.priceUsd, TND: p.priceTnd, EUR: p.priceEur, EGP: p.priceEgp },
    variants: vs.map(toVariant),
    categoryId: p.categoryId,
    discountPercent: p.discountPercent,
    tagline: p.tagline,
    platform: p.platform,
    region: p.region,
    delivery: p.delivery,
    sku: p.sku,
    inStock: p.inStock,
    deliveryMode: p.deliveryMode,
    lowStockThreshold: p.lowStockThreshold,
    sales: p.sales,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
    ...translationsOf<ProductTranslations>(p.translations),
  };
}

export function toCategory({ id, name, slug, parentId, version, translations }: CategoryRow): Category {
  return { id, name, slug, parentId, version, ...translationsOf<CategoryTranslations>(translations) };
}

export function toBanner({ id, title, image, link, active, position, version, translations }: BannerRow): Banner {
  return { id, title, image, link, active, position, version, ...translationsOf<BannerTranslations>(translations) };
}

export class CatalogRepo {
  /** Where a write of products (sales, in_stock) takes the catalog version it is stamped with. */
  constructor(private readonly versions: CatalogVersions) {}

  /** Counts paid units toward each product's sales (the popularity sort), as a catalog change. */
  async addSales(tx: Tx, lines: readonly { productId: string; qty: number }[]): Promise<void> {
    if (lines.length === 0) return;
    const { products } = tx.t;
    const rev = await this.versions.bumpRev(tx);
    for (const { productId, qty } of lines) {
      await tx.db
        .update(products)
        .set({ sales: sql`${products.sales} + ${qty}`, rev })
        .where(eq(products.id, productId));
    }
  }

  /** One page of the products changed after `rev`, by id after `after` (a keyset on the primary key, so the
   * millionth page costs what the first does); `limit + 1` rows are read to tell whether another page follows. */
  async productsPage(
    tx: Tx,
    rev: number,
    after: string | null,
    limit: number,
  ): Promise<{ products: Product[]; next: string | null }> {
    const { products } = tx.t;
    const changed = gt(products.rev, rev);
    const rows = await tx.db
      .select()
      .from(products)
      .where(after === null ? changed : and(changed, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    return { products: await this.withVariants(tx, page), next: more ? (page.at(-1)?.id ?? null) : null };
  }

  /** The products the home sections show (client/src/features/home/home-sections.ts: the biggest discounts, the
   * newest, the in-stock best sellers), `limit` of each, ties broken by id as the client's stable sorts do. */
  async homeProducts(tx: Tx, limit: number): Promise<Product[]> {
    const { products } = tx.t;
    const deals = await tx.db
      .select()
      .from(products)
      .where(gt(products.discountPercent, 0))
      .orderBy(desc(products.discountPercent), desc(products.createdAt), asc(products.id))
      .limit(limit);
    const fresh = await tx.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id)).limit(limit);
    const picks = await tx.db
      .select()
      .from(products)
      .where(eq(products.inStock, true))
      .orderBy(desc(products.sales), desc(products.createdAt), asc(products.id))
      .limit(limit);
    const byId = new Map<string, ProductRow>();
    for (const row of [...deals, ...fresh, ...picks]) byId.set(row.id, row);
    return this.withVariants(tx, [...byId.values()]);
  }

  async withVariants(tx: Tx, rows: ProductRow[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const { variants } = tx.t;
    const ids = rows.map((r) => r.id);
    const byProduct = new Map<string, VariantRow[]>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const vs = await tx.db
        .select()
        .from(variants)
        .where(inArray(variants.productId, chunk))
        .orderBy(asc(variants.position));
      for (const v of vs) {
        const list = byProduct.get(v.productId) ?? [];
        list.push(v);
        byProduct.set(v.productId, list);
      }
    }
    return rows.map((r) => toProduct(r, byProduct.get(r.id) ?? []));
  }

  async categoriesChangedSince(tx: Tx, rev: number): Promise<Category[]> {
    const { categories } = tx.t;
    const rows = await tx.db
      .select()
      .from(categories)
      .where(gt(categories.rev, rev))
      .orderBy(asc(categories.createdAt));
    return rows.map(toCategory);
  }

  async bannersChangedSince(tx: Tx, rev: number): Promise<Banner[]> {
    const { banners } = tx.t;
    const rows = await tx.db.select().from(banners).where(gt(banners.rev, rev)).orderBy(asc(banners.position));
    return rows.map(toBanner);
  }

  async deletionsSince(tx: Tx, rev: number): Promise<Record<CatalogEntity, string[]>> {
    const { catalogDeletions } = tx.t;
    const rows = await tx.db.select().from(catalogDeletions).where(gt(catalogDeletions.rev, rev));
    const out: Record<CatalogEntity, string[]> = { products: [], categories: [], banners: [] };
    for (const r of rows) out[r.entity].push(r.entityId);
    return out;
  }

  async settingsChangedSince(tx: Tx, rev: number): Promise<boolean> {
    const { settings } = tx.t;
    return (await tx.db.select({ key: settings.key }).from(settings).where(gt(settings.rev, rev)).limit(1)).length > 0;
  }

  async listCategories(tx: Tx): Promise<Category[]> {
    const { categories } = tx.t;
    return (await tx.db.select().from(categories).orderBy(asc(categories.createdAt))).map(toCategory);
  }

  async categoryBySlug(tx: Tx, slug: string): Promise<Category | undefined> {
    const { categories } = tx.t;
    const row = (await tx.db.select().from(categories).where(eq(categories.slug, slug)))[0];
    return row ? toCategory(row) : undefined;
  }

  async productById(tx: Tx, id: string): Promise<Product | undefined> {
    const { products } = tx.t;
    const row = (await tx.db.select().from(products).where(eq(products.id, id)))[0];
    return row ? (await this.withVariants(tx, [row]))[0] : undefined;
  }

  async allProductIdsAndDates(tx: Tx): Promise<{ id: string; updatedAt: number }[]> {
    const { products } = tx.t;
    return tx.db.select({ id: products.id, updatedAt: products.updatedAt }).from(products);
  }

  async countProducts(tx: Tx): Promise<number> {
    return (await tx.db.select({ n: count() }).from(tx.t.products))[0]?.n ?? 0;
  }

  async insertProduct(tx: Tx, row: ProductInsert): Promise<void> {
    await tx.db.insert(tx.t.products).values(row);
  }

  /** Updates only when the row still has `version`; false when someone else changed it meanwhile. */
  async updateProduct(tx: Tx, id: string, version: number, set: Partial<ProductInsert>): Promise<boolean> {
    return updateAtVersion(tx, tx.t.products, id, version, set);
  }

  async deleteProduct(tx: Tx, id: string): Promise<void> {
    const { products, variants } = tx.t;
    await tx.db.delete(variants).where(eq(variants.productId, id));
    await tx.db.delete(products).where(eq(products.id, id));
  }

  async variantsOf(tx: Tx, productId: string): Promise<VariantRow[]> {
    const { variants } = tx.t;
    return tx.db.select().from(variants).where(eq(variants.productId, productId));
  }

  /** Replaces a product's variant set, keeping the ids (and so the stock and order lines) of those that stay. */
  async replaceVariants(tx: Tx, productId: string, next: VariantInsert[]): Promise<void> {
    const { variants } = tx.t;
    const keep = new Set(next.map((v) => v.id));
    const gone = (await this.variantsOf(tx, productId)).map((v) => v.id).filter((id) => !keep.has(id));
    if (gone.length > 0) await tx.db.delete(variants).where(inArray(variants.id, gone));
    for (const v of next) {
      await tx.db
        .insert(variants)
        .values(v)
        .onConflictDoUpdate({
          target: variants.id,
          set: {
            name: v.name,
            priceUsd: v.priceUsd,
            priceTnd: v.priceTnd,
            priceEur: v.priceEur,
            priceEgp: v.priceEgp,
            position: v.position,
          },
        });
    }
  }

  /** Makes each automatic product's in_stock say whether it has a code available (`states`, read by stock after its
   * last move), where it does not already, stamping each change with a new catalog revision (taken only then). */
  async applyStockStates(tx: Tx, states: readonly StockState[], now: number): Promise<void> {
    const { products } = tx.t;
    for (const state of states) {
      if (state.mode !== "automatic" || state.inStock === state.hasAvailable) continue;
      const inStock = state.hasAvailable;
      await tx.db
        .update(products)
        .set({ inStock, rev: await this.versions.bumpRev(tx), updatedAt: now })
        .where(and(eq(products.id, state.id), eq(products.inStock, !inStock)));
    }
  }
}
