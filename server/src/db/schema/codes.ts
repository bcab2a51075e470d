/** Codes as stock and the orders' history (docs/decisions.md D10). */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { CODE_STATUSES, ORDER_STATUSES } from "@store/shared/order-status";
import { ms } from "./columns.ts";
import { orderPart } from "./orders.ts";

/** One code: never in clear. `sealed` is AES-256-GCM ciphertext (lib/codes-crypto.ts); `hash` an HMAC-SHA-256 of the
 * code under a key derived from the same secret, unique per product, so duplicates are found without decrypting. */
export const codes = pgTable(
  "codes",
  {
    id: text("id").primaryKey(),
    productId: text("product_id").notNull(),
    variantId: text("variant_id"),
    sealed: text("sealed").notNull(),
    hash: text("hash").notNull(),
    status: text("status", { enum: CODE_STATUSES }).notNull().default("available"),
    /** The order it is reserved for or sold with, and the line. */
    orderId: text("order_id"),
    orderLineId: integer("order_line_id"),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    reservedAt: ms("reserved_at"),
    soldAt: ms("sold_at"),
    revokedAt: ms("revoked_at"),
  },
  (t) => [
    uniqueIndex("codes_product_hash_idx").on(t.productId, t.hash),
    // The one index keyed by status, as a reservation moves its codes in every such index: the reservation takes a
    // product's (or option's) available codes in id order straight from it, whether a product has any code left is
    // one look, and the stock panel lists one status of a product, or of one of its options, newest first.
    index("codes_stock_idx").on(t.productId, t.status, t.variantId, t.id),
    index("codes_product_id_idx").on(t.productId, t.id),
    // An order's codes. Only codes that went to an order are in it: an available code has none, and a reservation
    // then writes one index page (the order's), not two (the order's and the one holding the codes without).
    index("codes_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** An order's history and audit log: who (an operator's username, "system", "provider:<name>"), what, when. */
export const orderEvents = pgTable(
  "order_events",
  {
    ...orderPart(),
    at: ms("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }),
    detail: text("detail").notNull().default(""),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);
