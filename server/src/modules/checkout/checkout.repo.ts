/** Checkout's reads of the catalog for pricing, as prepared statements (checkout is the hot path). */
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { numbered, numberedPlaceholders, prepared, preparedPerCount } from "../../db/prepared.ts";
import type { products, variants } from "../../db/schema/index.ts";

export type PricingProduct = Pick<
  typeof products.$inferSelect,
  "id" | "title" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp" | "discountPercent" | "inStock" | "deliveryMode"
> & { variantCount: number };
export type PricingVariant = Pick<
  typeof variants.$inferSelect,
  "id" | "productId" | "name" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp"
>;

/** The products of an order's lines and the admin's exchange rate in one statement (one round trip whatever the
 * number of lines). */
const pricingStmt = preparedPerCount("checkout_pricing", (db, { products }, n) =>
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
      deliveryMode: products.deliveryMode,
      // Written out in full: drizzle leaves columns of a single-table select unqualified.
      variantCount:
        sql<number>`(select count(*) from "variants" where "variants"."product_id" = "products"."id")`.mapWith(Number),
      rate: sql<string | null>`(select "value" from "settings" where "settings"."key" = 'rate')`,
    })
    .from(products)
    .where(inArray(products.id, numberedPlaceholders("id", n))),
);
const variantStmt = prepared("checkout_variant", (db, { variants }) =>
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
    .where(eq(variants.id, sql.placeholder("id"))),
);

/** usdToTnd of the "rate" setting's JSON value. */
function usdToTndOf(value: string | null): number | undefined {
  if (value === null) return undefined;
  const parsed: unknown = JSON.parse(value);
  return typeof parsed === "object" && parsed !== null && "usdToTnd" in parsed && typeof parsed.usdToTnd === "number"
    ? parsed.usdToTnd
    : undefined;
}

export class CheckoutRepo {
  /** The products with these ids (distinct), by id (an unknown id is simply missing), and the admin's daily
   * usdToTnd (undefined when never set, or when no product was found). */
  async pricing(
    tx: Tx,
    ids: readonly string[],
  ): Promise<{ products: Map<string, PricingProduct>; usdToTnd: number | undefined }> {
    const rows = ids.length === 0 ? [] : await pricingStmt(tx, ids.length).execute(numbered(ids.map((id) => ({ id }))));
    return {
      products: new Map(rows.map(({ rate: _, ...product }) => [product.id, product])),
      usdToTnd: usdToTndOf(rows[0]?.rate ?? null),
    };
  }

  async variant(tx: Tx, id: string): Promise<PricingVariant | undefined> {
    return (await variantStmt(tx).execute({ id }))[0];
  }
}
