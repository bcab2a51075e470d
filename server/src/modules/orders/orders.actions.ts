/** The operator's actions on an order, each written to its audit log: markPaid, resendDelivery, replaceCode, cancel,
 * release, refund, fulfilManual; the same steps in the caller's transaction for payments (refundIn, deliverAnywayIn,
 * note); and the shopper's cancelByShopper(token). */
import type { AdminOrderDetail, FulfilOrder, OrderEvent, PrivateOrder } from "@store/shared/schemas/orders";
import type { OrderStatus } from "@store/shared/order-status";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { Tx } from "../../db/data.ts";
import { ConflictError, NotFoundError } from "../../http/errors.ts";
import { maskCode } from "../../lib/sealer.ts";
import { codeRefused, fulfilmentPlan } from "./fulfilment-plan.ts";
import { hashToken, isTokenShaped, normalizeOrderCode } from "./order-code.ts";
import {
  orderNotFound,
  OrdersPart,
  REFUNDABLE,
  REOPENABLE,
  SHOPPER_ACTOR,
  titleOf,
  toReserve,
  type Actor,
  type OrdersDeps,
} from "./orders.common.ts";
import type { OrderQueries } from "./orders.queries.ts";
import type { OrderRow } from "./orders.repo.ts";
import type { OrderSettlement } from "./orders.settlement.ts";

/** What a refund did: the order afterwards, the state it left, its delivered codes revoked (and their masks) and
 * its reserved codes given back to stock. */
export interface RefundDone {
  order: OrderRow;
  from: OrderStatus;
  revoked: number;
  released: number;
  masks: string[];
}

/** The most codes named (masked) in a history entry. */
const MASKS_IN_HISTORY = 10;

export class OrderActions extends OrdersPart {
  private readonly onMailQueued: () => void;

  constructor(
    deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly settlement: OrderSettlement,
  ) {
    super(deps);
    this.onMailQueued = deps.onMailQueued ?? (() => undefined);
  }

  /** Runs an action on one order in a transaction and answers the order as the admin sees it afterwards. */
  private async act(
    code: string,
    work: (tx: Tx, order: OrderRow, now: number) => Promise<void>,
  ): Promise<AdminOrderDetail> {
    const normalized = normalizeOrderCode(code) ?? code;
    const now = this.clock();
    const detail = await this.deps.data.transaction(async (tx) => {
      const order = await this.repo.row(tx, normalized);
      if (!order) throw orderNotFound();
      await work(tx, order, now);
      return this.queries.detail(tx, order.code);
    });
    this.onMailQueued();
    if (!detail) throw orderNotFound();
    return detail;
  }

  /** The operator confirms a manual payment. */
  markPaid(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      const row =
        order.status === "pending_payment"
          ? await this.settlement.confirmPayment(tx, order.code, now, actor.username)
          : undefined;
      if (!row)
        throw new ConflictError(`Order ${order.code} is not awaiting payment (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.notAwaitingPayment,
          orderStatus: order.status,
        });
      if (actor.note) await this.event(tx, order.id, now, actor.username, "payment_confirmed", null, null, actor.note);
    });
  }

  resendDelivery(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      if (order.status !== "delivered")
        throw new ConflictError(`Order ${order.code} has no delivery to resend (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.nothingToResend,
          orderStatus: order.status,
        });
      await this.deps.mails.queueDelivery(tx, order, {}, now);
      await this.event(tx, order.id, now, actor.username, "delivery_email_resent", null, null, actor.note ?? "");
    });
  }

  /** The sold code `codeId` is revoked; another of the same product and variant is sold in its place and mailed. */
  replaceCode(code: string, codeId: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      if (order.status !== "delivered")
        throw new ConflictError(`Only a delivered order's codes can be replaced (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.replaceNeedsDelivery,
          orderStatus: order.status,
        });
      const old = await this.codes.byId(tx, codeId);
      if (!old || old.orderId !== order.id || old.status !== "sold" || old.orderLineId === null)
        throw new ConflictError("This code is not a delivered code of this order.", {
          code: ADMIN_ERROR_CODES.codeNotInOrder,
        });
      const line = ((await this.repo.linesOf(tx, [order.id])).get(order.id) ?? []).find(
        (l) => l.id === old.orderLineId,
      );
      if (!line) throw new ConflictError("This code's order line is gone.", { code: ADMIN_ERROR_CODES.codeChanged });
      if (!(await this.codes.setStatus(tx, old.id, "sold", "revoked", now)))
        throw new ConflictError("This code changed meanwhile. Please reload the order.", {
          code: ADMIN_ERROR_CODES.codeChanged,
        });
      const [got] = await this.deps.stock.reserve(
        tx,
        order.id,
        [{ orderLineId: line.id, productId: old.productId, variantId: old.variantId, qty: 1 }],
        now,
      );
      if (got !== 1)
        throw new ConflictError(`No code of "${line.title}" is available to replace it. Import codes first.`, {
          code: ADMIN_ERROR_CODES.noReplacementCode,
          title: line.title,
        });
      const fresh = (await this.codes.forOrder(tx, order.id)).find((c) => c.status === "reserved");
      await this.codes.sellReservedForOrder(tx, order.id, now);
      if (!fresh) throw new Error("the replacement code was not found");
      const oldMask = maskCode(this.deps.mails.openCode(old));
      const newMask = maskCode(this.deps.mails.openCode(fresh));
      await this.event(
        tx,
        order.id,
        now,
        actor.username,
        "code_replaced",
        null,
        null,
        [`${oldMask} revoked, ${newMask} sent`, actor.note].filter(Boolean).join(": "),
      );
      await this.deps.mails.queueDelivery(tx, order, { codeIds: [fresh.id], replacement: true }, now);
    });
  }

  /** Awaiting payment or stock -> cancelled; reserved codes go back to stock. */
  cancel(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.cancelFrom(code, actor, ["pending_payment", "awaiting_stock"], ADMIN_ERROR_CODES.notCancellable);
  }

  /** Admin > Orders > Held stock: an order awaiting payment gives its codes back to stock at once (it is cancelled);
   * 409 for any other state, nothing written. */
  release(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.cancelFrom(
      code,
      actor,
      ["pending_payment"],
      ADMIN_ERROR_CODES.notAwaitingPayment,
      "held stock released",
    );
  }

  private cancelFrom(
    code: string,
    actor: Actor,
    from: OrderStatus[],
    refusal: string,
    why = "",
  ): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      const row = await this.repo.transition(tx, order.code, from, "cancelled", now);
      if (!row)
        throw new ConflictError(`Order ${order.code} cannot be cancelled (status: ${order.status}).`, {
          code: refusal,
          orderStatus: order.status,
        });
      await this.deps.stock.release(tx, order.id, now);
      const detail = [why, actor.note].filter(Boolean).join(": ");
      await this.event(tx, order.id, now, actor.username, "cancelled", order.status, "cancelled", detail);
    });
  }

  /** Paid, awaiting stock or delivered -> refunded (the money goes back outside the store): see refundIn. */
  refund(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      const done = await this.refundIn(tx, order.code, now, { actor: actor.username, note: actor.note });
      if (!done)
        throw new ConflictError(`Order ${order.code} cannot be refunded (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.notRefundable,
          orderStatus: order.status,
        });
    });
  }

  /**
   * The one way an order's money goes back, whoever says so (the operator's 'Mark refunded', a refund or a dispute
   * the provider reports), in the caller's transaction: paid, awaiting stock or delivered -> refunded. Codes the
   * shopper was never sent (reserved) go back to stock; codes already delivered are revoked, and the history names
   * them (masked) as already in the shopper's hands, since the delivery email carried them. A dispute also stamps
   * `disputedAt`. Answers undefined, changing nothing, when the order is in no state to be refunded.
   */
  async refundIn(
    tx: Tx,
    code: string,
    now: number,
    by: { actor: string; action?: "refunded" | "disputed"; note?: string },
  ): Promise<RefundDone | undefined> {
    const before = await this.repo.row(tx, code);
    if (!before) return undefined;
    const action = by.action ?? "refunded";
    const row = await this.repo.transition(
      tx,
      code,
      REFUNDABLE,
      "refunded",
      now,
      action === "disputed" ? { disputedAt: now } : {},
    );
    if (!row) return undefined;
    const held = await this.codes.forOrder(tx, row.id);
    const delivered = held.filter((c) => c.status === "sold");
    const released = held.filter((c) => c.status === "reserved").length;
    await this.deps.stock.release(tx, row.id, now);
    await this.codes.revokeForOrder(tx, row.id, now);
    const masks = delivered.map((c) => maskCode(this.deps.mails.openCode(c)));
    const more = masks.length > MASKS_IN_HISTORY ? ` and ${masks.length - MASKS_IN_HISTORY} more` : "";
    const summary =
      `${delivered.length} code(s) revoked` +
      (delivered.length > 0 ? ` (already delivered: ${masks.slice(0, MASKS_IN_HISTORY).join(", ")}${more})` : "") +
      (released > 0 ? `, ${released} never sent back to stock` : "");
    await this.event(
      tx,
      row.id,
      now,
      by.actor,
      action,
      before.status,
      "refunded",
      [summary, by.note].filter(Boolean).join(": "),
    );
    return { order: row, from: before.status, revoked: delivered.length, released, masks };
  }

  /**
   * The operator delivers an order on money no order held (Admin > Orders > Unmatched payments, 'Deliver anyway'), in
   * the caller's transaction: a cancelled, expired or refunded order -> paid, then settled as confirmPayment settles
   * (codes from stock, the delivery email, or paid awaiting the operator's manual codes). Unlike a provider's
   * payment, it never leaves the order awaiting stock: when stock is short it throws 409 with the product and what is
   * available, so the caller's transaction writes nothing. An order that already holds a payment is refused (409):
   * this money is a second payment for it. Sales are counted unless the order was paid before (a refunded one).
   */
  async deliverAnywayIn(tx: Tx, code: string, now: number, actor: string, detail: string): Promise<OrderRow> {
    const before = await this.repo.row(tx, code);
    if (!before) throw orderNotFound();
    const paid = REOPENABLE.includes(before.status)
      ? await this.repo.transition(tx, code, REOPENABLE, "paid", now, { paidAt: now, expiresAt: null })
      : undefined;
    if (!paid)
      throw new ConflictError(`Order ${before.code} already holds a payment (status: ${before.status}).`, {
        code: ADMIN_ERROR_CODES.orderHoldsPayment,
        orderStatus: before.status,
      });
    await this.event(tx, paid.id, now, actor, "payment_confirmed", before.status, "paid", detail);
    const lines = (await this.repo.linesOf(tx, [paid.id])).get(paid.id) ?? [];
    if (before.paidAt === null)
      await this.deps.catalog.addSales(
        tx,
        lines.map((line) => ({ productId: line.productId, qty: line.qty })),
      );
    const needs = await this.needs(tx, lines, await this.codes.forOrder(tx, paid.id));
    const toFill = needs.automatic.filter((s) => s.missing > 0);
    const got = await this.deps.stock.reserve(tx, paid.id, toFill.map(toReserve), now);
    const short = toFill.findIndex((s, i) => (got[i] ?? 0) < s.missing);
    const line = toFill[short]?.line;
    if (line) {
      const title = titleOf(line);
      throw new ConflictError(`Not enough codes of "${title}" in stock to deliver order ${paid.code}.`, {
        code: ADMIN_ERROR_CODES.deliverNotEnoughStock,
        title,
        available: got[short] ?? 0,
      });
    }
    return this.settlement.fulfil(tx, paid, lines, now);
  }

  /** A line in an order's history for what a provider reported without changing the order (a partial refund, a
   * refund of an order already refunded). */
  async note(tx: Tx, orderId: string, now: number, actor: string, action: OrderEvent["action"], detail: string) {
    await this.event(tx, orderId, now, actor, action, null, null, detail);
  }

  /** The shopper gives up an order still awaiting payment, from its private page (the token is the proof): it is
   * cancelled at once and its reserved codes go back to stock, instead of holding them until it expires. Answers
   * the private order as it is now; 409 once the order is paid, cancelled or expired. */
  async cancelByShopper(token: string): Promise<PrivateOrder> {
    if (!isTokenShaped(token)) throw new NotFoundError("Order not found");
    const now = this.clock();
    await this.deps.data.transaction(async (tx) => {
      const found = await this.repo.findByTokenHash(tx, hashToken(token));
      if (!found) throw new NotFoundError("Order not found");
      const { order } = found;
      const row = await this.repo.transition(tx, order.code, ["pending_payment"], "cancelled", now);
      if (!row)
        throw new ConflictError(`Order ${order.code} can no longer be cancelled (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.notCancellable,
          orderStatus: order.status,
        });
      await this.deps.stock.release(tx, row.id, now);
      await this.event(tx, row.id, now, SHOPPER_ACTOR, "cancelled", "pending_payment", "cancelled");
    });
    return this.queries.privateOrder(token);
  }

  /** The operator delivers a paid order's manual lines (docs/product.md, "Dashboard"): for each line lacking codes,
   * the codes typed (sealed and hashed as an import stores them, sold with the line) or codes taken from the
   * product's stock. Every line must be given and every check passes before anything is written; then the order's
   * codes (its automatic ones included) are sold, it is `delivered`, and one delivery email carries them all. */
  fulfilManual(code: string, request: FulfilOrder, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      const lines = (await this.repo.linesOf(tx, [order.id])).get(order.id) ?? [];
      const needs = await this.needs(tx, lines, await this.codes.forOrder(tx, order.id));
      const automaticMissing = needs.automatic.some((s) => s.missing > 0);
      if (order.status !== "paid" || needs.manual.length === 0 || automaticMissing)
        throw new ConflictError(`Order ${order.code} is not awaiting fulfilment (status: ${order.status}).`, {
          code: ADMIN_ERROR_CODES.notAwaitingFulfilment,
          orderStatus: order.status,
        });
      const plan = fulfilmentPlan(needs.manual, request);
      const typed = plan.flatMap((p) => (p.codes ? [{ ...p.target, codes: p.codes }] : []));
      const [clash] = await this.deps.intake.alreadyStored(tx, typed);
      if (clash) throw codeRefused(clash.line, `A code given for "${titleOf(clash.line)}" is already in its stock.`);
      const fromStock = plan.filter((p) => !p.codes);
      if (fromStock.length > 0) {
        const got = await this.deps.stock.reserve(
          tx,
          order.id,
          fromStock.map((p) => ({ ...p.target, qty: p.missing })),
          now,
        );
        const short = fromStock.find((p, i) => (got[i] ?? 0) < p.missing);
        if (short)
          throw new ConflictError(
            `"${titleOf(short.target)}" has fewer than ${short.missing} code(s) in stock. Import codes or type them.`,
            { code: ADMIN_ERROR_CODES.fulfilNotEnoughStock, title: titleOf(short.target), max: short.missing },
          );
      }
      if (!(await this.deps.intake.sellTyped(tx, order.id, typed, now)))
        throw codeRefused(typed[0] ?? plan[0]?.target, "A code given is already in its product's stock.");
      const fromStockCodes = (await this.codes.forOrder(tx, order.id)).filter(
        (c) => c.status === "reserved" && fromStock.some((p) => p.target.orderLineId === c.orderLineId),
      );
      await this.codes.sellReservedForOrder(tx, order.id, now);
      const delivered = await this.repo.transition(tx, order.code, ["paid"], "delivered", now);
      // Another fulfilment (or a refund) moved the order meanwhile: this one is rolled back.
      if (!delivered)
        throw new ConflictError(`Order ${order.code} changed meanwhile. Please reload the order.`, {
          code: ADMIN_ERROR_CODES.notAwaitingFulfilment,
          orderStatus: order.status,
        });
      const masks = [
        ...typed.flatMap((l) => l.codes.map(maskCode)),
        ...fromStockCodes.map((c) => maskCode(this.deps.mails.openCode(c))),
      ];
      const more = masks.length > MASKS_IN_HISTORY ? ` and ${masks.length - MASKS_IN_HISTORY} more` : "";
      const summary =
        `${masks.length} code(s) sent (${masks.length - fromStockCodes.length} typed, ` +
        `${fromStockCodes.length} from stock): ${masks.slice(0, MASKS_IN_HISTORY).join(", ")}${more}`;
      await this.event(
        tx,
        order.id,
        now,
        actor.username,
        "fulfilled",
        "paid",
        "delivered",
        [summary, actor.note].filter(Boolean).join(": "),
      );
      await this.deps.mails.queueDelivery(tx, delivered, {}, now);
    });
  }
}
