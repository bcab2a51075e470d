import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

/** Every verified payment notification (docs/decisions.md D11), written in the transaction that settles the
 * order: the unique (provider, event id) makes a repeated or replayed notification change nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    /** Stripe's event id; Konnect's payment reference (it sends no event id). */
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderCode: text("order_code").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** settled (this notification paid the order) or not_pending (the order had left awaiting payment). */
    outcome: text("outcome").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.eventId)],
);
