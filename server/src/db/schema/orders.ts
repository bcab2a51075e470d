import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ORDER_STATUSES, type OrderStatus } from "@store/shared/order-status";
import { ms } from "./columns.ts";

/** The order states have one source, shared with the API schemas. */
export { ORDER_STATUSES, type OrderStatus };

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerWhatsapp: text("customer_whatsapp").notNull(),
    notes: text("notes").notNull().default(""),
    locale: text("locale").notNull().default("en"),
    currency: text("currency").notNull(),
    /** Units of `currency` per 1 USD at order time, as a decimal string (never a float in totals). */
    rate: text("rate").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    total: integer("total").notNull(),
    promoCode: text("promo_code"),
    promoPercent: integer("promo_percent").notNull().default(0),
    paymentProvider: text("payment_provider").notNull().default("manual"),
    paymentRef: text("payment_ref"),
    paymentLink: text("payment_link"),
    /** sha256 of the private order page token (the token itself is only in the email). */
    accessTokenHash: text("access_token_hash").notNull().unique(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    paidAt: ms("paid_at"),
    /** When an order still awaiting payment expires (its reserved codes then go back to stock). */
    expiresAt: ms("expires_at"),
    /** The private order page token sealed with the codes key (AES-256-GCM), so mail naming the link can be
     * rendered when sent instead of being stored in clear (docs/decisions.md D10). */
    accessTokenSealed: text("access_token_sealed"),
    version: integer("version").notNull().default(1),
    /** The client address the order came from (as the rate limits see it), so the codes held unpaid per address
     * can be bounded; null for orders placed before it was kept. */
    clientAddress: text("client_address"),
    /** When the payment's provider said the shopper disputed it (a chargeback); the order is then refunded. */
    disputedAt: ms("disputed_at"),
  },
  (t) => [
    // The list by date, and the dashboard's 30 days read from the index alone: orders and revenue per day and
    // currency, and the ids the top products are counted from.
    index("orders_created_idx").on(t.createdAt, t.code, t.status, t.currency, t.total, t.id),
    index("orders_status_expiry_idx").on(t.status, t.expiresAt),
    // The admin orders list, keyset-paged on (sort value, code): by date, by state and date, by total, and by
    // the start of an email in any case.
    index("orders_status_created_idx").on(t.status, t.createdAt, t.code),
    index("orders_total_idx").on(t.total, t.code),
    index("orders_email_lower_idx").on(sql`lower(${t.customerEmail})`),
    // The units one address holds unpaid, counted at checkout.
    index("orders_address_status_idx").on(t.clientAddress, t.status),
    // A provider's notification names only its payment reference: whether the store issued it is one index read.
    index("orders_payment_ref_idx").on(t.paymentRef),
  ],
);

/** The key and order of a row that is part of an order (a line, an event of its history): numbered by the
 * database, and deleted with its order. */
export const orderPart = () => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  orderId: text("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
});

export const orderLines = pgTable(
  "order_lines",
  {
    ...orderPart(),
    productId: text("product_id").notNull(),
    variantId: text("variant_id"),
    title: text("title").notNull(),
    variantName: text("variant_name"),
    qty: integer("qty").notNull(),
    unitPrice: integer("unit_price").notNull(),
    lineTotal: integer("line_total").notNull(),
  },
  // An order's lines; with the product and quantity, the top products are counted from the index alone.
  (t) => [index("order_lines_order_idx").on(t.orderId, t.productId, t.qty)],
);

/**
 * Units sold per product and day (UTC days since the epoch of the orders' created_at) in the revenue states
 * (paid, awaiting stock, delivered): kept by the orders repo in the same transaction as every order that enters
 * or leaves them, so the dashboard's top products read a row per product and day instead of every order line of
 * the window. `lines` counts the order lines (the "orders" of a top product). Rows may fall to zero (refunds).
 */
export const productSalesDays = pgTable(
  "product_sales_days",
  {
    day: integer("day").notNull(),
    productId: text("product_id").notNull(),
    units: integer("units").notNull(),
    lines: integer("lines").notNull(),
    /** The product's title on the last order line counted here (the product may since be renamed or deleted). */
    title: text("title").notNull(),
  },
  // A window's rows and their figures from the index alone.
  (t) => [
    primaryKey({ columns: [t.day, t.productId] }),
    index("product_sales_days_day_idx").on(t.day, t.productId, t.units, t.lines),
  ],
);

export const promos = pgTable("promos", {
  code: text("code").primaryKey(),
  percent: integer("percent").notNull(),
  active: boolean("active").notNull().default(true),
  usageCount: integer("usage_count").notNull().default(0),
  /** The code works until this instant (ms); null: no end. */
  expiresAt: ms("expires_at"),
  /** The code works for this many orders; null: no cap. */
  maxUses: integer("max_uses"),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
  version: integer("version").notNull().default(1),
});

/** Replays of a request carrying the same Idempotency-Key get the first answer back. */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  scope: text("scope").notNull(),
  requestHash: text("request_hash").notNull(),
  status: integer("status").notNull(),
  body: text("body").notNull(),
  createdAt: ms("created_at").notNull(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  locale: text("locale").notNull().default("en"),
  createdAt: ms("created_at").notNull(),
});

/** The dashboard's all-time totals up to `upTo` (ms, exclusive), carried forward by the orders placed since
 * (docs/decisions.md D32): one row, id 1. Counting a million orders, or their distinct emails, per dashboard view is
 * what it avoids. */
export const orderTotals = pgTable("order_totals", {
  id: integer("id").primaryKey(),
  upTo: ms("up_to").notNull(),
  orders: integer("orders").notNull(),
  customers: integer("customers").notNull(),
});
