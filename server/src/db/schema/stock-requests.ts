import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

/** "Email me when it is back": a shopper's wish to hear once when a product (or one of its options) has codes
 * again. A row is deleted when its email is queued or when its address unsubscribes. */
export const stockRequests = pgTable(
  "stock_requests",
  {
    id: text("id").primaryKey(),
    productId: text("product_id").notNull(),
    /** The option asked for; "" for the product as a whole (any of its options will do). */
    variantId: text("variant_id").notNull().default(""),
    /** Lower-cased. */
    email: text("email").notNull(),
    locale: text("locale").notNull().default("en"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("stock_requests_unique_idx").on(t.productId, t.variantId, t.email),
    index("stock_requests_email_idx").on(t.email),
  ],
);
