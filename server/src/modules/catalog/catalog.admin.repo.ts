/** Catalog writes for the admin (products, variants, categories). Each method takes the transaction it runs in. */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { categories, products, variants } from "../../db/schema/index.ts";
import type { CategoryRow, ProductRow, VariantRow } from "./catalog.repo.ts";

export type ProductInsert = typeof products.$inferInsert;
export type VariantInsert = typeof variants.$inferInsert;
export type CategoryInsert = typeof categories.$inferInsert;

export class CatalogAdminRepo {
  async allProducts(tx: Tx): Promise<ProductRow[]> {
    return tx.db.select().from(products).orderBy(desc(products.createdAt)).all();
  }

  async product(tx: Tx, id: string): Promise<ProductRow | undefined> {
    return tx.db.select().from(products).where(eq(products.id, id)).get();
  }

  async insertProduct(tx: Tx, row: ProductInsert): Promise<void> {
    tx.db.insert(products).values(row).run();
  }

  /** Updates only when the row still has `version`; false when someone else changed it meanwhile. */
  async updateProduct(tx: Tx, id: string, version: number, set: Partial<ProductInsert>): Promise<boolean> {
    return (
      tx.db
        .update(products)
        .set(set)
        .where(and(eq(products.id, id), eq(products.version, version)))
        .run().changes > 0
    );
  }

  async deleteProduct(tx: Tx, id: string): Promise<void> {
    tx.db.delete(variants).where(eq(variants.productId, id)).run();
    tx.db.delete(products).where(eq(products.id, id)).run();
  }

  async variantsOf(tx: Tx, productId: string): Promise<VariantRow[]> {
    return tx.db.select().from(variants).where(eq(variants.productId, productId)).all();
  }

  /** Variant ids are global; these belong to some other product. */
  async variantIdsOwnedElsewhere(tx: Tx, ids: string[], productId: string): Promise<string[]> {
    if (ids.length === 0) return [];
    return tx.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(inArray(variants.id, ids), ne(variants.productId, productId)))
      .all()
      .map((r) => r.id);
  }

  /** Replaces a product's variant set, keeping the ids (and so the stock and order lines) of those that stay. */
  async replaceVariants(tx: Tx, productId: string, next: VariantInsert[]): Promise<void> {
    const keep = new Set(next.map((v) => v.id));
    const gone = (await this.variantsOf(tx, productId)).map((v) => v.id).filter((id) => !keep.has(id));
    if (gone.length > 0) tx.db.delete(variants).where(inArray(variants.id, gone)).run();
    for (const v of next) {
      tx.db
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
        })
        .run();
    }
  }

  async category(tx: Tx, id: string): Promise<CategoryRow | undefined> {
    return tx.db.select().from(categories).where(eq(categories.id, id)).get();
  }

  async categoryBySlug(tx: Tx, slug: string): Promise<CategoryRow | undefined> {
    return tx.db.select().from(categories).where(eq(categories.slug, slug)).get();
  }

  async countChildren(tx: Tx, id: string): Promise<number> {
    return (
      tx.db
        .select({ n: sql<number>`count(*)` })
        .from(categories)
        .where(eq(categories.parentId, id))
        .get()?.n ?? 0
    );
  }

  async countProductsIn(tx: Tx, categoryId: string): Promise<number> {
    return (
      tx.db
        .select({ n: sql<number>`count(*)` })
        .from(products)
        .where(eq(products.categoryId, categoryId))
        .get()?.n ?? 0
    );
  }

  async insertCategory(tx: Tx, row: CategoryInsert): Promise<void> {
    tx.db.insert(categories).values(row).run();
  }

  async updateCategory(tx: Tx, id: string, version: number, set: Partial<CategoryInsert>): Promise<boolean> {
    return (
      tx.db
        .update(categories)
        .set(set)
        .where(and(eq(categories.id, id), eq(categories.version, version)))
        .run().changes > 0
    );
  }

  async deleteCategory(tx: Tx, id: string): Promise<void> {
    tx.db.delete(categories).where(eq(categories.id, id)).run();
  }
}
