/** The payment notifications table on PostgreSQL (see ../schema/payments.ts, kept in step by schema-parity.test.ts). */
import { bigint, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderCode: text("order_code").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    outcome: text("outcome").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.eventId)],
);
