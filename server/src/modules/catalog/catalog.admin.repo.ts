/** The console's catalog queries: the admin products list, categories (their writes too; products and variants are
 * written by CatalogRepo). Each method takes the transaction it runs in. */
import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { categories } from "../../db/schema/index.ts";
import type { CategoryRow, ProductRow } from "./catalog.repo.ts";
import { versionedRowWrites } from "./versioned-rows.ts";

export type CategoryInsert = typeof categories.$inferInsert;

const categoryWrites = versionedRowWrites((t) => t.categories);

export class CatalogAdminRepo {
  /** One page of the admin list, newest first, keyset-paged on (created_at, id) (docs/decisions.md D30): `after` is
   * the last row of the page before. `title` matches part of a title in any case, or an id exactly; a title search
   * reads the index in list order and stops at the page's last match (a catalog is tens of thousands of rows, not
   * millions, so no text index is kept for it). */
  async page(
    tx: Tx,
    query: { title?: string; categoryId?: string; after?: { value: number; id: string }; limit: number },
  ): Promise<ProductRow[]> {
    const { products } = tx.t;
    const conditions: SQL[] = [];
    if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
    if (query.title !== undefined) {
      const pattern = `%${query.title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(sql`lower(${products.title}) like ${pattern} escape '\\'`, eq(products.id, query.title));
      if (match) conditions.push(match);
    }
    if (query.after)
      conditions.push(sql`(${products.createdAt}, ${products.id}) < (${query.after.value}, ${query.after.id})`);
    return tx.db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.limit);
  }

  async product(tx: Tx, id: string): Promise<ProductRow | undefined> {
    const { products } = tx.t;
    return (await tx.db.select().from(products).where(eq(products.id, id)))[0];
  }

  /** Variant ids are global; these belong to some other product. */
  async variantIdsOwnedElsewhere(tx: Tx, ids: string[], productId: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const { variants } = tx.t;
    const rows = await tx.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(inArray(variants.id, ids), ne(variants.productId, productId)));
    return rows.map((r) => r.id);
  }

  async category(tx: Tx, id: string): Promise<CategoryRow | undefined> {
    const { categories } = tx.t;
    return (await tx.db.select().from(categories).where(eq(categories.id, id)))[0];
  }

  async categoryBySlug(tx: Tx, slug: string): Promise<CategoryRow | undefined> {
    const { categories } = tx.t;
    return (await tx.db.select().from(categories).where(eq(categories.slug, slug)))[0];
  }

  async countChildren(tx: Tx, id: string): Promise<number> {
    const { categories } = tx.t;
    return (await tx.db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)))[0]?.n ?? 0;
  }

  async countProductsIn(tx: Tx, categoryId: string): Promise<number> {
    const { products } = tx.t;
    return (await tx.db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId)))[0]?.n ?? 0;
  }

  readonly insertCategory = categoryWrites.insert;
  readonly updateCategory = categoryWrites.update;
  readonly deleteCategory = categoryWrites.delete;
}
