/** Settlement and fulfilment: confirmPayment(tx, code, now, actor?) (THE settlement: pending_payment -> delivered /
 * awaiting_stock / paid, in the caller's transaction), fulfil (codes from stock, or waiting for them), the alerts and
 * mails a payment queues, fillAwaitingStock(tx, now) (after an import) and expireDue(now) (the expiry worker's pass). */
import { paymentReceivedMail } from "../mail/templates.ts";
import type { Tx } from "../../db/data.ts";
import { OrdersPart, SETTLEABLE, SYSTEM_ACTOR, toReserve } from "./orders.common.ts";
import type { OrderLineRow, OrderRow } from "./orders.repo.ts";

export class OrderSettlement extends OrdersPart {
  /**
   * The one place a payment is settled, whoever confirms it (the operator in manual mode, a provider's verified
   * notification), inside the caller's transaction: pending_payment -> paid, the sales counted, then the codes
   * reserved at checkout (topped up from stock when some are missing) become sold, and the order is `delivered` with
   * its delivery email queued (rendered when sent); when codes are still missing it is `awaiting_stock` (a 'payment
   * received' email says they will follow) and completes by itself when codes are imported. An order with no line
   * that takes codes (manual delivery) stays `paid`. Answers undefined, changing nothing, when the order is not
   * awaiting payment (already settled, cancelled), so a repeated confirmation is harmless. An order that expired
   * before the payment landed is settled too: the money was taken, so it gets codes from stock or waits for them. The caller wakes
   * the mail worker after commit (`onMailQueued`). `actor` names who confirmed, for the order's history.
   */
  async confirmPayment(tx: Tx, code: string, now: number, actor = SYSTEM_ACTOR): Promise<OrderRow | undefined> {
    const before = await this.repo.row(tx, code);
    if (!before || !SETTLEABLE.includes(before.status)) return undefined;
    const paid = await this.repo.transition(tx, code, SETTLEABLE, "paid", now, { paidAt: now, expiresAt: null });
    if (!paid) return undefined;
    await this.event(tx, paid.id, now, actor, "payment_confirmed", before.status, "paid");
    const lines = (await this.repo.linesOf(tx, [paid.id])).get(paid.id) ?? [];
    await this.deps.catalog.addSales(
      tx,
      lines.map((line) => ({ productId: line.productId, qty: line.qty })),
    );
    return this.fulfil(tx, paid, lines, now);
  }

  /** Tops up an order's codes from stock; delivers when none is missing, else waits for stock. `order` is paid or
   * awaiting stock. */
  async fulfil(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], now: number): Promise<OrderRow> {
    const needs = await this.needs(tx, lines, await this.codes.forOrder(tx, order.id));
    let shortfall = needs.automatic;
    if (shortfall.length === 0) {
      // Manual delivery only: the operator fulfils it by hand.
      await this.queuePaymentReceived(tx, order, false, now);
      return order;
    }
    const toFill = shortfall.filter((s) => s.missing > 0);
    if (toFill.length > 0) {
      await this.deps.stock.reserve(tx, order.id, toFill.map(toReserve), now);
      shortfall = await this.shortfall(tx, lines, await this.codes.forOrder(tx, order.id));
    }
    const missing = shortfall.reduce((n, s) => n + s.missing, 0);
    if (missing > 0) {
      if (order.status === "awaiting_stock") return order;
      const waiting = await this.repo.transition(tx, order.code, ["paid"], "awaiting_stock", now);
      if (!waiting) throw new Error(`order ${order.code} left 'paid' during its settlement`);
      await this.event(
        tx,
        order.id,
        now,
        SYSTEM_ACTOR,
        "awaiting_stock",
        "paid",
        "awaiting_stock",
        `${missing} missing`,
      );
      await this.queuePaymentReceived(tx, waiting, true, now);
      return waiting;
    }
    if (needs.manual.length > 0) return this.awaitOperator(tx, order, now);
    const sold = await this.codes.sellReservedForOrder(tx, order.id, now);
    const delivered = await this.repo.transition(tx, order.code, ["paid", "awaiting_stock"], "delivered", now);
    if (!delivered) throw new Error(`order ${order.code} left '${order.status}' during its settlement`);
    await this.event(tx, order.id, now, SYSTEM_ACTOR, "codes_assigned", null, null, `${sold} code(s)`);
    await this.event(tx, order.id, now, SYSTEM_ACTOR, "delivered", order.status, "delivered");
    await this.deps.mails.queueDelivery(tx, delivered, {}, now);
    await this.alertLowStock(tx, lines, now);
    return delivered;
  }

  /** After a delivery took codes: each automatic product of the order left at or under its low-stock threshold is an
   * alert for the operator (the digest gathers a rush of them into one message). */
  private async alertLowStock(tx: Tx, lines: readonly OrderLineRow[], now: number): Promise<void> {
    const alerts = this.deps.alerts;
    if (!alerts) return;
    const info = await this.codes.productInfo(
      tx,
      lines.map((l) => l.productId),
    );
    for (const [productId, product] of info) {
      if (product.deliveryMode !== "automatic") continue;
      const left = await this.codes.availableFor(tx, productId);
      if (left > product.lowStockThreshold) continue;
      const summary = `${product.title || productId}: ${left} code(s) left in stock (low at ${product.lowStockThreshold})`;
      await alerts.record(tx, { kind: "low_stock", summary }, now);
    }
  }

  /** A mixed order whose automatic lines have all their codes: they stay reserved for it, and it is `paid` until the
   * operator fulfils its manual lines (one delivery email then carries every code). */
  private async awaitOperator(tx: Tx, order: OrderRow, now: number): Promise<OrderRow> {
    if (order.status === "paid") {
      await this.queuePaymentReceived(tx, order, false, now);
      return order;
    }
    const paid = await this.repo.transition(tx, order.code, ["awaiting_stock"], "paid", now);
    if (!paid) throw new Error(`order ${order.code} left '${order.status}' during its settlement`);
    await this.event(tx, order.id, now, SYSTEM_ACTOR, "codes_assigned", order.status, "paid", "manual lines to fulfil");
    return paid;
  }

  private async queuePaymentReceived(tx: Tx, order: OrderRow, awaitingStock: boolean, now: number): Promise<void> {
    if (!awaitingStock)
      await this.deps.alerts?.record(
        tx,
        {
          kind: "awaiting_fulfilment",
          orderCode: order.code,
          summary: `Order ${order.code} is paid and awaits your codes`,
        },
        now,
      );
    const content = paymentReceivedMail(order.locale, {
      code: order.code,
      awaitingStock,
    });
    await this.deps.mail.enqueue(
      tx,
      { kind: "payment_received", orderId: order.id, to: order.customerEmail, ...content },
      now,
    );
  }

  /** Orders awaiting stock, first paid first, get the codes now available; those complete are delivered. Returns
   * their codes. Runs in the caller's transaction (an import). */
  async fillAwaitingStock(tx: Tx, now: number): Promise<string[]> {
    const completed: string[] = [];
    for (const order of await this.repo.awaitingStock(tx)) {
      const lines = (await this.repo.linesOf(tx, [order.id])).get(order.id) ?? [];
      const after = await this.fulfil(tx, order, lines, now);
      if (after.status === "delivered") completed.push(after.code);
    }
    return completed;
  }

  /** One pass of the expiry worker: orders unpaid past their time expire and free their codes. Each order moves in
   * its own transaction through a conditional update, so instances running the same pass never expire one twice.
   * Returns the codes of the orders it expired. */
  async expireDue(now = this.clock(), limit = 100): Promise<string[]> {
    const due = await this.deps.data.read((tx) => this.repo.dueToExpire(tx, now, limit));
    const expired: string[] = [];
    for (const code of due) {
      const done = await this.deps.data.transaction(async (tx) => {
        const row = await this.repo.transition(tx, code, ["pending_payment"], "expired", now);
        if (!row) return false;
        await this.deps.stock.release(tx, row.id, now);
        await this.event(tx, row.id, now, SYSTEM_ACTOR, "expired", "pending_payment", "expired");
        return true;
      });
      if (done) expired.push(code);
    }
    return expired;
  }
}
