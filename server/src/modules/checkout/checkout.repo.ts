/** Checkout's reads of the catalog for pricing, as prepared statements (checkout is the hot path). */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, settings, variants } from "../../db/schema/index.ts";

export type PricingProduct = Pick<
  typeof products.$inferSelect,
  "id" | "title" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp" | "discountPercent" | "inStock"
> & { variantCount: number };
export type PricingVariant = Pick<
  typeof variants.$inferSelect,
  "id" | "productId" | "name" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp"
>;

export class CheckoutRepo {
  private readonly productStmt;
  private readonly variantStmt;
  private readonly rateStmt;

  constructor(db: Db) {
    this.rateStmt = db.select({ value: settings.value }).from(settings).where(eq(settings.key, "rate")).prepare();
    this.productStmt = db
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
      .prepare();
    this.variantStmt = db
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
      .prepare();
  }

  /** The admin's daily usdToTnd (undefined when never set). */
  usdToTnd(): number | undefined {
    const row = this.rateStmt.get();
    if (!row) return undefined;
    const value: unknown = JSON.parse(row.value);
    return typeof value === "object" && value !== null && "usdToTnd" in value && typeof value.usdToTnd === "number"
      ? value.usdToTnd
      : undefined;
  }

  product(id: string): PricingProduct | undefined {
    return this.productStmt.get({ id });
  }

  variant(id: string): PricingVariant | undefined {
    return this.variantStmt.get({ id });
  }
}
