/** Checkout's reads of the catalog for pricing, as prepared statements (checkout is the hot path). */
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { numbered, prepared, preparedPerCount } from "../../db/prepared.ts";
import type { products, variants } from "../../db/schema/index.ts";

export type PricingProduct = Pick<
  typeof products.$inferSelect,
  "id" | "title" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp" | "discountPercent" | "inStock" | "deliveryMode"
> & { variantCount: number };
export type PricingVariant = Pick<
  typeof variants.$inferSelect,
  "id" | "productId" | "name" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp"
>;

const rateStmt = prepared("checkout_rate", (db, t) =>
  db.select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, "rate")),
);
/** The products of an order's lines in one statement (one round trip whatever their number). */
const productsStmt = preparedPerCount("checkout_products", (db, { products }, n) =>
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
    })
    .from(products)
    .where(
      inArray(
        products.id,
        Array.from({ length: n }, (_, i) => sql.placeholder(`id_${i}`)),
      ),
    ),
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

export class CheckoutRepo {
  /** The admin's daily usdToTnd (undefined when never set). */
  async usdToTnd(tx: Tx): Promise<number | undefined> {
    const row = (await rateStmt(tx).execute())[0];
    if (!row) return undefined;
    const value: unknown = JSON.parse(row.value);
    return typeof value === "object" && value !== null && "usdToTnd" in value && typeof value.usdToTnd === "number"
      ? value.usdToTnd
      : undefined;
  }

  /** The products with these ids (distinct), by id; an unknown id is simply missing. */
  async products(tx: Tx, ids: readonly string[]): Promise<Map<string, PricingProduct>> {
    if (ids.length === 0) return new Map();
    const rows = await productsStmt(tx, ids.length).execute(numbered(ids.map((id) => ({ id }))));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async variant(tx: Tx, id: string): Promise<PricingVariant | undefined> {
    return (await variantStmt(tx).execute({ id }))[0];
  }
}
