import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "@store/shared/order-status";
import { UNMATCHED_RESOLUTIONS } from "@store/shared/schemas/payments";
import { ms } from "./columns.ts";

/** What a provider's payment was for, as the provider told it: the order's code, and the amount (minor units of
 * `currency`) it took. */
const paidForOrder = () => ({
  orderCode: text("order_code").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
});

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
    ...paidForOrder(),
    /** settled (this notification paid the order), duplicate (the payment that paid it, told again), unmatched
     * (another payment for an order no longer awaiting one: see unmatched_payments), refunded, disputed,
     * partially_refunded, or not_pending (written before payments were told apart). */
    outcome: text("outcome").notNull(),
    createdAt: ms("created_at").notNull(),
    /** The provider's payment the event is about (Stripe's payment_intent, Konnect's payment reference), so the
     * same payment told again is known, and a refund or a dispute finds the order it paid; null on older rows. */
    paymentRef: text("payment_ref"),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.eventId),
    index("payment_events_payment_ref_idx").on(t.provider, t.paymentRef),
  ],
);

/** Money the provider took that no order holds (docs/decisions.md D43): a payment for an order cancelled or
 * refunded before it landed, or a second payment for an order already paid. One row per provider payment; the
 * operator refunds it or delivers by hand. */
export const unmatchedPayments = pgTable(
  "unmatched_payments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    /** Stripe's payment_intent (or the Checkout Session when Stripe gave none), Konnect's payment reference. */
    paymentRef: text("payment_ref").notNull(),
    ...paidForOrder(),
    /** The order's status when the money landed (cancelled, refunded, paid, delivered…). */
    orderStatus: text("order_status", { enum: ORDER_STATUSES }).notNull(),
    createdAt: ms("created_at").notNull(),
    /** What the operator did with it: delivered (the order was fulfilled on this money), refunded (at the
     * provider), refund_by_hand (the provider cannot be asked: the operator returns it by hand); null while open.
     * Set once, by a conditional update, so two operators pressing at once act once. */
    resolution: text("resolution", { enum: UNMATCHED_RESOLUTIONS }),
    resolvedAt: ms("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("unmatched_payments_provider_ref_idx").on(t.provider, t.paymentRef),
    index("unmatched_payments_created_idx").on(t.createdAt),
  ],
);
