/** Payment queries; each method takes the transaction it runs in. Exports: PaymentsRepo with
 * recordEvent(tx, event) (false when the provider's event was already recorded), hasEvent, setOutcome,
 * settledBy(tx, provider, code) (the provider payment that paid an order), orderPaidBy(tx, provider, paymentRef)
 * (the order a provider payment paid), recordUnmatched / unmatched (money no order holds), orderByRef(tx, provider,
 * ref) (the order holding a reference the store was given), and for the operator's actions on money no order holds:
 * unmatchedById, resolveUnmatched (once) and holdPayment. The orders a payment changes are written through
 * OrdersRepo. */
import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { insertOnce } from "../../lib/insert-once.ts";
import type { paymentEvents, unmatchedPayments } from "../../db/schema/index.ts";
import type { OrderRow } from "../orders/orders.repo.ts";
import type { UnmatchedResolution } from "@store/shared/schemas/payments";

export type NewPaymentEvent = Omit<typeof paymentEvents.$inferInsert, "id">;
export type UnmatchedPaymentRow = typeof unmatchedPayments.$inferSelect;

/** The notifications at `provider` that settled an order, narrowed by `more`. */
function settledAt(events: typeof paymentEvents, provider: string, ...more: SQL[]): SQL | undefined {
  return and(eq(events.provider, provider), eq(events.outcome, "settled"), ...more);
}

export class PaymentsRepo {
  /** Records a notification; false (nothing written) when (provider, eventId) is already there. */
  async recordEvent(tx: Tx, event: NewPaymentEvent): Promise<boolean> {
    const { paymentEvents } = tx.t;
    return insertOnce(tx.db, paymentEvents, event, [paymentEvents.provider, paymentEvents.eventId]);
  }

  async hasEvent(tx: Tx, provider: string, eventId: string): Promise<boolean> {
    const { paymentEvents } = tx.t;
    const rows = await tx.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The order whose payment at `provider` has the reference `ref` (read through orders_payment_ref_idx). */
  async orderByRef(tx: Tx, provider: string, ref: string): Promise<OrderRow | undefined> {
    const { orders } = tx.t;
    const rows = await tx.db
      .select()
      .from(orders)
      .where(and(eq(orders.paymentRef, ref), eq(orders.paymentProvider, provider)))
      .limit(1);
    return rows[0];
  }

  async setOutcome(tx: Tx, provider: string, eventId: string, outcome: string): Promise<void> {
    const { paymentEvents } = tx.t;
    await tx.db
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
      .returning({ id: paymentEvents.id });
  }

  /** The provider payment (payment_intent, Konnect reference) whose notification settled the order, if any. */
  async settledBy(tx: Tx, provider: string, orderCode: string): Promise<string | null | undefined> {
    const { paymentEvents } = tx.t;
    const rows = await tx.db
      .select({ paymentRef: paymentEvents.paymentRef })
      .from(paymentEvents)
      .where(settledAt(paymentEvents, provider, eq(paymentEvents.orderCode, orderCode)))
      // The latest: an order delivered anyway on money it did not hold (once refunded) is held by that money now.
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    return rows[0]?.paymentRef;
  }

  /** The code of the order that a provider payment settled (read through payment_events_payment_ref_idx). */
  async orderPaidBy(tx: Tx, provider: string, paymentRef: string): Promise<string | undefined> {
    const { paymentEvents } = tx.t;
    const rows = await tx.db
      .select({ orderCode: paymentEvents.orderCode })
      .from(paymentEvents)
      .where(
        settledAt(
          paymentEvents,
          provider,
          eq(paymentEvents.paymentRef, paymentRef),
          isNotNull(paymentEvents.paymentRef),
        ),
      )
      .limit(1);
    return rows[0]?.orderCode;
  }

  /** Records money no order holds; false when this provider payment is already recorded. */
  async recordUnmatched(
    tx: Tx,
    row: Omit<UnmatchedPaymentRow, "id" | "resolution" | "resolvedAt" | "resolvedBy">,
  ): Promise<boolean> {
    const { unmatchedPayments } = tx.t;
    return insertOnce(tx.db, unmatchedPayments, row, [unmatchedPayments.provider, unmatchedPayments.paymentRef]);
  }

  /** Money no order holds, newest first. */
  async unmatched(tx: Tx, limit: number): Promise<UnmatchedPaymentRow[]> {
    const { unmatchedPayments } = tx.t;
    return tx.db
      .select()
      .from(unmatchedPayments)
      .orderBy(desc(unmatchedPayments.createdAt), desc(unmatchedPayments.id))
      .limit(limit);
  }

  async unmatchedById(tx: Tx, id: number): Promise<UnmatchedPaymentRow | undefined> {
    const { unmatchedPayments } = tx.t;
    const rows = await tx.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.id, id)).limit(1);
    return rows[0];
  }

  /** Records what the operator did with money no order holds, from one of the states `from` (null: still open);
   * undefined (nothing written) otherwise, so two operators acting at once act once (on PostgreSQL the second waits
   * for the first's row, then finds it changed). */
  async resolveUnmatched(
    tx: Tx,
    id: number,
    from: readonly (UnmatchedResolution | null)[],
    to: UnmatchedResolution | null,
    by: string,
    now: number,
  ): Promise<UnmatchedPaymentRow | undefined> {
    const { unmatchedPayments } = tx.t;
    const states = from.filter((s): s is UnmatchedResolution => s !== null);
    const open = from.includes(null) ? [isNull(unmatchedPayments.resolution)] : [];
    const known = states.length > 0 ? [inArray(unmatchedPayments.resolution, states)] : [];
    const rows = await tx.db
      .update(unmatchedPayments)
      .set({ resolution: to, resolvedBy: to === null ? null : by, resolvedAt: to === null ? null : now })
      .where(and(eq(unmatchedPayments.id, id), or(...open, ...known)))
      .returning();
    return rows[0];
  }

  /** The notifications of a provider payment recorded as unmatched now settle its order (delivered anyway on it), so
   * a later refund or dispute of that payment reaches the order. */
  async holdPayment(tx: Tx, provider: string, paymentRef: string): Promise<void> {
    const { paymentEvents } = tx.t;
    await tx.db
      .update(paymentEvents)
      .set({ outcome: "settled" })
      .where(
        and(
          eq(paymentEvents.provider, provider),
          eq(paymentEvents.paymentRef, paymentRef),
          eq(paymentEvents.outcome, "unmatched"),
        ),
      )
      .returning({ id: paymentEvents.id });
  }
}
