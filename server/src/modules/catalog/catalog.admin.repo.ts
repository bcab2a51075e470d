/** Catalog writes for the admin (products, variants, categories). Each method takes the transaction it runs in. */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, variants } from "../../db/schema/index.ts";
import type { CategoryRow, ProductRow, VariantRow } from "./catalog.repo.ts";

export type ProductInsert = typeof products.$inferInsert;
export type VariantInsert = typeof variants.$inferInsert;
export type CategoryInsert = typeof categories.$inferInsert;

export class CatalogAdminRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => T): T {
    return this.db.transaction((tx) => fn(tx));
  }

  allProducts(): ProductRow[] {
    return this.db.select().from(products).orderBy(desc(products.createdAt)).all();
  }

  product(tx: Db, id: string): ProductRow | undefined {
    return tx.select().from(products).where(eq(products.id, id)).get();
  }

  insertProduct(tx: Db, row: ProductInsert): void {
    tx.insert(products).values(row).run();
  }

  /** Updates only when the row still has `version`; false when someone else changed it meanwhile. */
  updateProduct(tx: Db, id: string, version: number, set: Partial<ProductInsert>): boolean {
    return (
      tx
        .update(products)
        .set(set)
        .where(and(eq(products.id, id), eq(products.version, version)))
        .run().changes > 0
    );
  }

  deleteProduct(tx: Db, id: string): void {
    tx.delete(variants).where(eq(variants.productId, id)).run();
    tx.delete(products).where(eq(products.id, id)).run();
  }

  variantsOf(tx: Db, productId: string): VariantRow[] {
    return tx.select().from(variants).where(eq(variants.productId, productId)).all();
  }

  /** Variant ids are global; these belong to some other product. */
  variantIdsOwnedElsewhere(tx: Db, ids: string[], productId: string): string[] {
    if (ids.length === 0) return [];
    return tx
      .select({ id: variants.id })
      .from(variants)
      .where(and(inArray(variants.id, ids), ne(variants.productId, productId)))
      .all()
      .map((r) => r.id);
  }

  /** Replaces a product's variant set, keeping the ids (and so the stock and order lines) of those that stay. */
  replaceVariants(tx: Db, productId: string, next: VariantInsert[]): void {
    const keep = new Set(next.map((v) => v.id));
    const gone = this.variantsOf(tx, productId)
      .map((v) => v.id)
      .filter((id) => !keep.has(id));
    if (gone.length > 0) tx.delete(variants).where(inArray(variants.id, gone)).run();
    for (const v of next) {
      tx.insert(variants)
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
        })
        .run();
    }
  }

  category(tx: Db, id: string): CategoryRow | undefined {
    return tx.select().from(categories).where(eq(categories.id, id)).get();
  }

  categoryBySlug(tx: Db, slug: string): CategoryRow | undefined {
    return tx.select().from(categories).where(eq(categories.slug, slug)).get();
  }

  countChildren(tx: Db, id: string): number {
    return (
      tx
        .select({ n: sql<number>`count(*)` })
        .from(categories)
        .where(eq(categories.parentId, id))
        .get()?.n ?? 0
    );
  }

  countProductsIn(tx: Db, categoryId: string): number {
    return (
      tx
        .select({ n: sql<number>`count(*)` })
        .from(products)
        .where(eq(products.categoryId, categoryId))
        .get()?.n ?? 0
    );
  }

  insertCategory(tx: Db, row: CategoryInsert): void {
    tx.insert(categories).values(row).run();
  }

  updateCategory(tx: Db, id: string, version: number, set: Partial<CategoryInsert>): boolean {
    return (
      tx
        .update(categories)
        .set(set)
        .where(and(eq(categories.id, id), eq(categories.version, version)))
        .run().changes > 0
    );
  }

  deleteCategory(tx: Db, id: string): void {
    tx.delete(categories).where(eq(categories.id, id)).run();
  }
}
