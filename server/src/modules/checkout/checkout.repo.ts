/** Checkout's reads of the catalog for pricing, as prepared statements (checkout is the hot path). */
import { and, eq, gte, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { numbered, numberedPlaceholders, prepared, preparedPerCount } from "../../db/prepared.ts";
import type { products, variants } from "../../db/schema/index.ts";
import { manualDeliveryHoursOf, orderLimitsOf, type OrderLimits } from "@store/shared/store-settings";

export type PricingProduct = Pick<
  typeof products.$inferSelect,
  "id" | "title" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp" | "discountPercent" | "inStock" | "deliveryMode"
> & { variantCount: number };
export type PricingVariant = Pick<
  typeof variants.$inferSelect,
  "id" | "productId" | "name" | "priceUsd" | "priceTnd" | "priceEur" | "priceEgp"
>;

/** The products of an order's lines with the settings an order is written with (the exchange rate, the order limits,
 * the manual delivery time its mail promises) in one statement: one round trip whatever the number of lines. The
 * keys are SettingsRepo's. */
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
      limits: sql<string | null>`(select "value" from "settings" where "settings"."key" = 'orderLimits')`,
      manualHours: sql<string | null>`(select "value" from "settings" where "settings"."key" = 'manualDeliveryHours')`,
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

/** Per product, the units one client address and one recipient hold in orders awaiting payment, and the units the
 * recipient ordered since a time (cancelled and expired orders aside): one statement for every limit of the checkout
 * (each side of the OR served by its index: address and status, lower(email)). */
const holdsStmt = prepared("checkout_holds", (db, { orders, orderLines }) => {
  const pending = eq(orders.status, "pending_payment");
  const byAddress = and(pending, eq(orders.clientAddress, sql.placeholder("address")));
  const byEmail = eq(sql`lower(${orders.customerEmail})`, sql.placeholder("email"));
  const recent = and(byEmail, gte(orders.createdAt, sql.placeholder("since")), notInArray(orders.status, GONE));
  const units = (when: SQL | undefined) =>
    sql<number>`coalesce(sum(case when ${when} then ${orderLines.qty} else 0 end), 0)`.mapWith(Number);
  return db
    .select({
      productId: orderLines.productId,
      byAddress: units(byAddress),
      byEmail: units(and(pending, byEmail)),
      recent: units(recent),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(or(byAddress, and(byEmail, or(pending, gte(orders.createdAt, sql.placeholder("since"))))))
    .groupBy(orderLines.productId);
});
/** Orders that hold nothing and count for no limit. */
const GONE: ("cancelled" | "expired")[] = ["cancelled", "expired"];

export interface Holds {
  /** Units held unpaid by the client address, per product. */
  byAddress: Map<string, number>;
  /** Units held unpaid by the recipient, per product. */
  byEmail: Map<string, number>;
  /** Units ordered by the recipient in the window, per product. */
  recent: Map<string, number>;
}

/** usdToTnd of the "rate" setting's JSON value. */
function usdToTndOf(value: string | null): number | undefined {
  if (value === null) return undefined;
  const parsed: unknown = JSON.parse(value);
  return typeof parsed === "object" && parsed !== null && "usdToTnd" in parsed && typeof parsed.usdToTnd === "number"
    ? parsed.usdToTnd
    : undefined;
}

export interface Pricing {
  products: Map<string, PricingProduct>;
  usdToTnd: number | undefined;
  limits: OrderLimits;
  manualDeliveryHours: number;
}

export class CheckoutRepo {
  /** The products with these ids (distinct), by id (an unknown id is simply missing), the admin's daily usdToTnd
   * (undefined when never set, or when no product was found), the order limits and the manual delivery time (their
   * defaults when never set or when no product was found). */
  async pricing(tx: Tx, ids: readonly string[]): Promise<Pricing> {
    const rows = ids.length === 0 ? [] : await pricingStmt(tx, ids.length).execute(numbered(ids.map((id) => ({ id }))));
    const first = rows[0];
    const json = (value: string | null | undefined): unknown => (value == null ? undefined : JSON.parse(value));
    return {
      products: new Map(rows.map(({ rate: _, limits: __, manualHours: ___, ...product }) => [product.id, product])),
      usdToTnd: usdToTndOf(first?.rate ?? null),
      limits: orderLimitsOf(json(first?.limits)),
      manualDeliveryHours: manualDeliveryHoursOf(json(first?.manualHours)),
    };
  }

  /** What the client address (null: unknown, nothing counted by address) and the recipient (`email` lower-cased)
   * hold unpaid, and what the recipient ordered since `since`, per product. */
  async holds(tx: Tx, address: string | null, email: string, since: number): Promise<Holds> {
    const rows = await holdsStmt(tx).execute({ address: address ?? "", email, since });
    const holds: Holds = { byAddress: new Map(), byEmail: new Map(), recent: new Map() };
    for (const r of rows) {
      if (address !== null && r.byAddress > 0) holds.byAddress.set(r.productId, r.byAddress);
      if (r.byEmail > 0) holds.byEmail.set(r.productId, r.byEmail);
      if (r.recent > 0) holds.recent.set(r.productId, r.recent);
    }
    return holds;
  }

  async variant(tx: Tx, id: string): Promise<PricingVariant | undefined> {
    return (await variantStmt(tx).execute({ id }))[0];
  }
}
