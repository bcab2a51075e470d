/** Checkout's reads of the catalog for pricing, as prepared statements (checkout is the hot path). */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { prepared } from "../../db/prepared.ts";
import { products, settings, variants } from "../../db/schema/index.ts";

export type PricingProduct = Pick<
  typeof products.$inferSelect,
  "id" | "title" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp" | "discountPercent" | "inStock"
> & { variantCount: number };
export type PricingVariant = Pick<
  typeof variants.$inferSelect,
  "id" | "productId" | "name" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp"
>;

const rateStmt = prepared((db) =>
  db.select({ value: settings.value }).from(settings).where(eq(settings.key, "rate")).prepare(),
);
const productStmt = prepared((db) =>
  db
    .select({
      id: products.id,
      title: products.title,
      priceUsd: products.priceUsd,
      priceTnd: products.priceTnd,
      priceEur: products.priceEur,
      priceEgp: products.priceEgp,
      discountPercent: products.discountPercent,
      inStock: products.inStock,
      // Written out in full: drizzle leaves columns of a single-table select unqualified.
      variantCount: sql<number>`(select count(*) from "variants" where "variants"."product_id" = "products"."id")`,
    })
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .prepare(),
);
const variantStmt = prepared((db) =>
  db
    .select({
      id: variants.id,
      productId: variants.productId,
      name: variants.name,
      priceUsd: variants.priceUsd,
      priceTnd: variants.priceTnd,
      priceEur: variants.priceEur,
      priceEgp: variants.priceEgp,
    })
    .from(variants)
    .where(eq(variants.id, sql.placeholder("id")))
    .prepare(),
);

export class CheckoutRepo {
  /** The admin's daily usdToTnd (undefined when never set). */
  async usdToTnd(tx: Tx): Promise<number | undefined> {
    const row = rateStmt(tx).get();
    if (!row) return undefined;
    const value: unknown = JSON.parse(row.value);
    return typeof value === "object" && value !== null && "usdToTnd" in value && typeof value.usdToTnd === "number"
      ? value.usdToTnd
      : undefined;
  }

  async product(tx: Tx, id: string): Promise<PricingProduct | undefined> {
    return productStmt(tx).get({ id });
  }

  async variant(tx: Tx, id: string): Promise<PricingVariant | undefined> {
    return variantStmt(tx).get({ id });
  }
}
