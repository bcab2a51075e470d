/** Order rules and the order lifecycle (docs/decisions.md D10). Exports: OrdersService with findByCode(code) (the admin
 * detail: codes masked, history, allowed actions), list(query), metrics(now), confirmPayment(tx, code,
 * now, actor?) (THE settlement: pending_payment -> delivered / awaiting_stock / paid, in the caller's transaction),
 * the admin actions markPaid, resendDelivery, replaceCode, cancel, refund, fulfilManual (each written to the order's
 * audit log), expireDue(now) (the expiry worker's pass), fillAwaitingStock(tx, now) (after an import), stockAlerts(),
 * awaitingFulfilment() (the dashboard's work to do),
 * publicLookup(code) and privateOrder(token). */
import {
  REVENUE_STATUSES,
  type AdminOrderAction,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrderDetail,
  type AwaitingFulfilment,
  type FulfilOrder,
  type LineToFulfil,
  type Metrics,
  type OrderEvent,
  type PrivateOrder,
  type PublicOrder,
  type Sales,
  type SalesDay,
  type TopProducts,
} from "@store/shared/schemas/orders";
import type { OrderStatus } from "@store/shared/order-status";
import { HELD_STOCK_LIMIT, type HeldStock, type StockAlerts } from "@store/shared/schemas/stock";
import { isCurrency } from "@store/shared/currency";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../http/errors.ts";
import { decodeCursor, encodeCursor } from "../../http/cursor.ts";
import { maskCode } from "../../lib/sealer.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import { codeRefusal, type CodeIntake, type TypedLine } from "../codes/code-intake.ts";
import type { CodeRow } from "../codes/codes.repo.ts";
import type { StockKeeper } from "../codes/stock.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { paymentReceivedMail } from "../mail/templates.ts";
import type { OperatorAlerts } from "../operator-alerts/alerts.service.ts";
import type { OrderMails } from "./order-mails.ts";
import { firstName, hashToken, isTokenShaped, normalizeOrderCode } from "./order-code.ts";
import { toAdminOrder, toLine, type OrderLineRow, type OrderRow, type OrdersRepo } from "./orders.repo.ts";

const DAY = 24 * 3600_000;

/** A line as the operator reads it in a refusal: its title and option (or its product's id). */
function titleOf(line: { title: string; variantName: string | null; productId: string }): string {
  const title = line.title || line.productId;
  return line.variantName ? `${title} (${line.variantName})` : title;
}
/** Orders placed this long ago have committed (a checkout stamps its order just before writing it): the kept totals
 * only ever cover such orders (docs/decisions.md D32). */
const SETTLED_MS = 10 * 60_000;
const STALE_ORDERS_PAGE = "This page of orders no longer exists. Please start from the first page.";

/** What a confirmed payment settles: an order awaiting payment, or one that expired before the money landed (its
 * codes were freed: they are taken again from stock, or it waits for stock). */
export const SETTLEABLE: readonly OrderStatus[] = ["pending_payment", "expired"];
export const SYSTEM_ACTOR = "system";
/** The states an order can be refunded from (its money was taken). */
export const REFUNDABLE: readonly OrderStatus[] = ["paid", "awaiting_stock", "delivered"];
/** The states 'Deliver anyway' reopens: the order holds no payment (it was cancelled, expired or refunded). */
export const REOPENABLE: readonly OrderStatus[] = ["cancelled", "expired", "refunded"];
/** The history's name for the shopper (who placed the order, or cancelled it from its private page). */
const SHOPPER_ACTOR = "shopper";

/** The dashboard's window: the last `days` days (today included) in the operator's time zone (`tzMinutes` east of
 * UTC), as days since the epoch in that zone (`first`, `today`) and as the instants [from, to). */
function salesWindow(days: number, tzMinutes: number, now: number) {
  const offset = tzMinutes * 60_000;
  const today = Math.floor((now + offset) / DAY);
  const first = today - days + 1;
  return { first, today, offset, from: first * DAY - offset, to: (today + 1) * DAY - offset };
}

/** The operator's refusal for an unknown order (the shopper's lookups answer a plain 404). */
const orderNotFound = () => new NotFoundError("Order not found", { code: ADMIN_ERROR_CODES.orderNotFound });

export interface OrdersDeps {
  data: DataLayer;
  repo: OrdersRepo;
  mail: MailRepo;
  catalog: CatalogRepo;
  stock: StockKeeper;
  /** Seals and stores the codes an operator types to fulfil a manual order, as an import stores codes. */
  intake: CodeIntake;
  mails: OrderMails;
  /** Wakes the mail worker after a commit that queued mail. */
  onMailQueued?: () => void;
  /** Where the operator hears of a paid order waiting for their manual codes. */
  alerts?: OperatorAlerts;
  clock?: () => number;
}

/** What an operator's action needs: who, and an optional note for the audit log. */
export interface Actor {
  username: string;
  note?: string;
}

/** What a refund did: the order afterwards, the state it left, its delivered codes revoked (and their masks) and
 * its reserved codes given back to stock. */
export interface RefundDone {
  order: OrderRow;
  from: OrderStatus;
  revoked: number;
  released: number;
  masks: string[];
}

/** How many codes each line still misses, for lines that take codes. */
interface Shortfall {
  line: OrderLineRow;
  missing: number;
}

/** What an order's lines still need: `automatic`, the lines that take codes from stock by themselves (their product is
 * automatic, or they already hold codes) and how many they miss; `manual`, the lines the operator fulfils by hand
 * (their product is delivered manually, or gone) holding no code yet. An order is delivered once both are met. */
interface Needs {
  automatic: Shortfall[];
  manual: Shortfall[];
}

/** What a line still missing codes asks of stock. */
const toReserve = (s: Shortfall) => ({
  orderLineId: s.line.id,
  productId: s.line.productId,
  variantId: s.line.variantId,
  qty: s.missing,
});

/** A manual line being fulfilled, and how a refusal names it. */
type LineTarget = Omit<TypedLine, "codes"> & { title: string; variantName: string | null };

/** The most orders the dashboard lists as work to do (orders stay 'paid' only until the operator fulfils them). */
const AWAITING_FULFILMENT_LIMIT = 100;
/** The most codes named (masked) in a fulfilment's history entry. */
const MASKS_IN_HISTORY = 10;

export class OrdersService {
  private readonly clock: () => number;
  private readonly onMailQueued: () => void;

  constructor(private readonly deps: OrdersDeps) {
    this.clock = deps.clock ?? Date.now;
    this.onMailQueued = deps.onMailQueued ?? (() => undefined);
  }

  private get repo(): OrdersRepo {
    return this.deps.repo;
  }

  private get codes() {
    return this.deps.stock.codes;
  }

  // ---------- Reads ----------

  async findByCode(code: string): Promise<AdminOrderDetail> {
    const normalized = normalizeOrderCode(code);
    const detail = normalized ? await this.deps.data.read((tx) => this.detail(tx, normalized)) : undefined;
    if (!detail) throw orderNotFound();
    return detail;
  }

  /** The admin's view of an order: codes masked, its history (with its creation first), the actions allowed now. */
  private async detail(tx: Tx, code: string): Promise<AdminOrderDetail | undefined> {
    const order = await this.repo.row(tx, code);
    if (!order) return undefined;
    const lines = (await this.repo.linesOf(tx, [order.id])).get(order.id) ?? [];
    const codes = await this.codes.forOrder(tx, order.id);
    const needs = await this.needs(tx, lines, codes);
    const shortfall = needs.automatic;
    const events: OrderEvent[] = [
      {
        id: 0,
        at: order.createdAt,
        actor: SHOPPER_ACTOR,
        action: "created",
        fromStatus: null,
        toStatus: "pending_payment",
        // How the shopper chose to pay, said where the order starts (several methods may be enabled at once).
        detail: `Payment method: ${order.paymentProvider}`,
      },
      ...(await this.repo.eventsOf(tx, order.id)),
    ];
    const byLine = new Map(lines.map((l) => [l.id, l]));
    return {
      ...toAdminOrder(order, lines),
      codes: codes.map((c) => ({
        id: c.id,
        lineId: String(c.orderLineId ?? ""),
        productId: c.productId,
        variantId: c.variantId,
        title: byLine.get(c.orderLineId ?? -1)?.title ?? c.productId,
        status: c.status,
        masked: maskCode(this.deps.mails.openCode(c)),
      })),
      missingCodes: order.status === "awaiting_stock" ? shortfall.reduce((n, s) => n + s.missing, 0) : 0,
      events,
      actions: this.actionsFor(order, codes, needs),
      toFulfil: order.status === "paid" ? await this.linesToFulfil(tx, needs.manual) : [],
    };
  }

  /** The "Fulfil order" form's lines, each with the codes its product (and option) has in stock. */
  private async linesToFulfil(tx: Tx, manual: readonly Shortfall[]): Promise<LineToFulfil[]> {
    const out: LineToFulfil[] = [];
    for (const { line, missing } of manual) {
      out.push({
        lineId: String(line.id),
        productId: line.productId,
        variantId: line.variantId,
        title: line.title,
        variantName: line.variantName,
        qty: line.qty,
        missing,
        available: await this.codes.availableFor(tx, line.productId, line.variantId),
      });
    }
    return out;
  }

  /** What the console offers; 'mark paid' only for manual payments (a provider's notification settles the others). */
  private actionsFor(order: OrderRow, codes: readonly CodeRow[], needs: Needs): AdminOrderAction[] {
    const status = order.status;
    const actions: AdminOrderAction[] = [];
    if (status === "paid" && needs.manual.length > 0) actions.push("fulfil");
    if (status === "pending_payment" && order.paymentProvider === "manual") actions.push("mark_paid");
    if (status === "delivered") actions.push("resend_delivery");
    if (status === "delivered" && codes.some((c) => c.status === "sold")) actions.push("replace_code");
    if (status === "pending_payment" || status === "awaiting_stock") actions.push("cancel");
    if (status === "paid" || status === "awaiting_stock" || status === "delivered") actions.push("refund");
    return actions;
  }

  /** One page of orders for the console (newest first unless sorted otherwise), filtered by state and by `q`
   * (an order code, or the start of an email address), and the cursor of the next page. */
  list(query: AdminOrderListQuery): Promise<AdminOrderPage> {
    const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? 10) || 10), 100);
    const sort = query.sort ?? "newest";
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, STALE_ORDERS_PAGE);
    const after = cursor && { value: cursor.value, code: cursor.key };
    const q = query.q?.trim() ?? "";
    const code = q === "" ? undefined : normalizeOrderCode(q);
    return this.deps.data.read(async (tx) => {
      const rows = await this.repo.page(tx, {
        status: query.status,
        ...(code !== undefined ? { code } : q !== "" ? { emailPrefix: q.toLowerCase() } : {}),
        sort,
        after,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const lines = await this.repo.linesOf(
        tx,
        page.map((r) => r.id),
      );
      const last = page.at(-1);
      const byTotal = sort === "total_desc" || sort === "total_asc";
      return {
        orders: page.map((r) => toAdminOrder(r, lines.get(r.id) ?? [])),
        next: rows.length > limit && last ? encodeCursor(byTotal ? last.total : last.createdAt, last.code) : null,
      };
    });
  }

  async metrics(now = this.clock()): Promise<Metrics> {
    const totals = await this.totals(now);
    return this.deps.data.read(async (tx) => {
      const recentOrders = await this.repo.countCreatedBetween(tx, now - 7 * DAY, now + 1);
      const priorOrders = await this.repo.countCreatedBetween(tx, now - 14 * DAY, now - 7 * DAY);
      return {
        totalOrders: totals.orders,
        uniqueCustomers: totals.customers,
        totalProducts: await this.deps.catalog.countProducts(tx),
        recentOrders,
        priorOrders,
        growthPercentage: Math.round(((recentOrders - priorOrders) / Math.max(priorOrders, 1)) * 100),
      };
    });
  }

  /** All-time orders and distinct customers (docs/decisions.md D32): the kept totals, carried forward to
   * `now - SETTLED_MS` (orders older than that have all committed) and written back, plus the orders since. Each
   * view reads only the orders placed since the last one; the first view of a store counts its history once. */
  private async totals(now: number): Promise<{ orders: number; customers: number }> {
    const settled = now - SETTLED_MS;
    const kept = await this.deps.data.read((tx) => this.repo.totals(tx));
    let base = kept ?? { upTo: 0, orders: 0, customers: 0 };
    // Written back at most once a minute: between, a view reads a minute more of orders instead of writing.
    if (base.upTo <= settled - 60_000) {
      const delta = await this.deps.data.read((tx) => this.repo.placedBetween(tx, base.upTo, settled));
      const next = {
        upTo: settled,
        orders: base.orders + delta.orders,
        customers: base.customers + delta.newCustomers,
      };
      // Another view (or instance) may have moved them meanwhile: then this one's figures are still right for it.
      await this.deps.data.transaction((tx) => this.repo.advanceTotals(tx, kept?.upTo, next));
      base = next;
    }
    const tail = await this.deps.data.read((tx) => this.repo.placedBetween(tx, base.upTo, now + 1));
    return { orders: base.orders + tail.orders, customers: base.customers + tail.newCustomers };
  }

  /** The dashboard's chart: every day of the last `days` (today included) in the operator's time zone
   * (`tzMinutes` east of UTC) with its orders and revenue per currency. */
  sales(days = 30, tzMinutes = 0, now = this.clock()): Promise<Sales> {
    const { first, today, offset, from, to } = salesWindow(days, tzMinutes, now);
    return this.deps.data.read(async (tx) => {
      const rows = await this.repo.salesByDay(tx, from, to, offset, REVENUE_STATUSES);
      const byDay = new Map<number, SalesDay>();
      for (let d = first; d <= today; d++) {
        byDay.set(d, { day: new Date(d * DAY).toISOString().slice(0, 10), orders: 0, revenue: {} });
      }
      for (const row of rows) {
        const day = byDay.get(row.day);
        if (!day || !isCurrency(row.currency)) continue;
        day.orders += row.orders;
        if (row.revenue > 0) day.revenue[row.currency] = (day.revenue[row.currency] ?? 0) + row.revenue;
      }
      return { days: [...byDay.values()] };
    });
  }

  /** The five most sold products (units in paid orders) of the same window as sales(). */
  topProducts(days = 30, tzMinutes = 0, now = this.clock()): Promise<TopProducts> {
    const { from, to } = salesWindow(days, tzMinutes, now);
    return this.deps.data.read(async (tx) => ({
      topProducts: await this.repo.topProducts(tx, from, to, 5),
    }));
  }

  /** The dashboard's stock: low and empty automatic products (and variants), orders awaiting stock. */
  stockAlerts(): Promise<StockAlerts> {
    return this.deps.data.read(async (tx) => {
      const availability = await this.codes.availabilityUpToThreshold(tx);
      const alert = (a: (typeof availability)[number]) => ({
        productId: a.productId,
        title: a.title,
        variantId: a.variantId,
        variantName: a.variantName,
        available: a.available,
        threshold: a.threshold,
      });
      const awaiting = await this.repo.awaitingStock(tx);
      const linesByOrder = await this.repo.linesOf(
        tx,
        awaiting.map((o) => o.id),
      );
      const awaitingStock = [];
      for (const o of awaiting) {
        const shortfall = await this.shortfall(tx, linesByOrder.get(o.id) ?? [], await this.codes.forOrder(tx, o.id));
        awaitingStock.push({
          code: o.code,
          createdAt: o.createdAt,
          paidAt: o.paidAt,
          missing: shortfall.reduce((n, s) => n + s.missing, 0),
        });
      }
      return {
        low: availability.filter((a) => a.available > 0 && a.available <= a.threshold).map(alert),
        empty: availability.filter((a) => a.available === 0).map(alert),
        awaitingStock,
      };
    });
  }

  // ---------- Settlement ----------

  /** Lines that take codes (their product is automatic, or they already hold codes) and how many they miss. */
  private async shortfall(tx: Tx, lines: readonly OrderLineRow[], codes: readonly CodeRow[]): Promise<Shortfall[]> {
    return (await this.needs(tx, lines, codes)).automatic;
  }

  /** What each line still needs (see Needs). */
  private async needs(tx: Tx, lines: readonly OrderLineRow[], codes: readonly CodeRow[]): Promise<Needs> {
    const info = await this.codes.productInfo(
      tx,
      lines.map((l) => l.productId),
    );
    const out: Needs = { automatic: [], manual: [] };
    for (const line of lines) {
      const held = codes.filter((c) => c.orderLineId === line.id && (c.status === "reserved" || c.status === "sold"));
      if (held.length === 0 && info.get(line.productId)?.deliveryMode !== "automatic")
        out.manual.push({ line, missing: line.qty });
      else out.automatic.push({ line, missing: Math.max(0, line.qty - held.length) });
    }
    return out;
  }

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
  private async fulfil(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], now: number): Promise<OrderRow> {
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

  // ---------- Operator actions (each in the audit log) ----------

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
      return this.detail(tx, order.code);
    });
    this.onMailQueued();
    if (!detail) throw orderNotFound();
    return detail;
  }

  /** The operator confirms a manual payment. */
  markPaid(code: string, actor: Actor): Promise<AdminOrderDetail> {
    return this.act(code, async (tx, order, now) => {
      const row =
        order.status === "pending_payment" ? await this.confirmPayment(tx, order.code, now, actor.username) : undefined;
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

  /** Codes held by orders awaiting payment (Admin > Orders > Held stock), the orders expiring first. */
  heldStock(): Promise<HeldStock> {
    return this.deps.data.read(async (tx) => {
      const rows = await this.repo.heldStock(tx, HELD_STOCK_LIMIT + 1);
      return { rows: rows.slice(0, HELD_STOCK_LIMIT), more: rows.length > HELD_STOCK_LIMIT };
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
    return this.fulfil(tx, paid, lines, now);
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
    return this.privateOrder(token);
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
      const plan = this.fulfilmentPlan(needs.manual, request);
      const typed = plan.flatMap((p) => (p.codes ? [{ ...p.target, codes: p.codes }] : []));
      const [clash] = await this.deps.intake.alreadyStored(tx, typed);
      if (clash)
        throw this.codeRefused(clash.line, `A code given for "${titleOf(clash.line)}" is already in its stock.`);
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
        throw this.codeRefused(typed[0] ?? plan[0]?.target, "A code given is already in its product's stock.");
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

  /** Matches the request to the manual lines lacking codes: each given once, none left out, as many codes as each
   * lacks, each code storable and not given twice for one product. Refuses (400) before anything is written. */
  private fulfilmentPlan(
    manual: readonly Shortfall[],
    request: FulfilOrder,
  ): { target: LineTarget; missing: number; codes?: string[] }[] {
    const byId = new Map(manual.map((s) => [String(s.line.id), s]));
    const given = new Map<string, FulfilOrder["lines"][number]>();
    for (const l of request.lines) {
      if (!byId.has(l.lineId) || given.has(l.lineId))
        throw new ValidationError(
          given.has(l.lineId)
            ? `Line ${l.lineId} is given twice.`
            : `Line ${l.lineId} is not a line of this order awaiting its codes.`,
          { lines: "Unknown line" },
          undefined,
          { code: ADMIN_ERROR_CODES.fulfilLineMismatch },
        );
      given.set(l.lineId, l);
    }
    const seen = new Map<string, Set<string>>();
    return manual.map(({ line, missing }) => {
      const target: LineTarget = {
        orderLineId: line.id,
        productId: line.productId,
        variantId: line.variantId,
        title: line.title,
        variantName: line.variantName,
      };
      const title = titleOf(target);
      const wanted = given.get(String(line.id));
      if (!wanted)
        throw new ValidationError(`"${title}" needs its codes too.`, { lines: "A line is missing" }, undefined, {
          code: ADMIN_ERROR_CODES.fulfilLineMismatch,
          title,
        });
      if (!wanted.codes) return { target, missing };
      const codes = wanted.codes.map((c) => c.trim());
      if (codes.length !== missing)
        throw new ValidationError(
          `"${title}" needs exactly ${missing} code(s); ${codes.length} given.`,
          { lines: "Wrong number of codes" },
          undefined,
          { code: ADMIN_ERROR_CODES.fulfilWrongCount, title, max: missing },
        );
      const ofProduct = seen.get(line.productId) ?? new Set<string>();
      seen.set(line.productId, ofProduct);
      for (const c of codes) {
        if (c === "" || codeRefusal(c) !== undefined || ofProduct.has(c))
          throw this.codeRefused(
            target,
            c === ""
              ? `A code given for "${title}" is empty.`
              : ofProduct.has(c)
                ? `A code given for "${title}" is given twice.`
                : `A code given for "${title}" is not a valid code.`,
          );
        ofProduct.add(c);
      }
      return { target, missing, codes };
    });
  }

  private codeRefused(line: LineTarget | undefined, message: string): ValidationError {
    const title = line ? titleOf(line) : "";
    return new ValidationError(message, { lines: "Code refused" }, undefined, {
      code: ADMIN_ERROR_CODES.fulfilCodeRefused,
      title,
    });
  }

  /** The dashboard's work to do: paid orders whose manual lines wait for the operator, oldest first. Reads the
   * orders in status 'paid' from their index (only orders waiting for the operator stay there). */
  awaitingFulfilment(): Promise<AwaitingFulfilment> {
    return this.deps.data.read(async (tx) => {
      const paid = await this.repo.paidOldestFirst(tx, AWAITING_FULFILMENT_LIMIT);
      const linesByOrder = await this.repo.linesOf(
        tx,
        paid.map((o) => o.id),
      );
      const orders: AwaitingFulfilment["orders"] = [];
      for (const o of paid) {
        const needs = await this.needs(tx, linesByOrder.get(o.id) ?? [], await this.codes.forOrder(tx, o.id));
        if (needs.manual.length === 0) continue;
        orders.push({
          code: o.code,
          createdAt: o.createdAt,
          paidAt: o.paidAt,
          customerName: o.customerName,
          missing: needs.manual.reduce((n, s) => n + s.missing, 0),
        });
      }
      return { orders };
    });
  }

  // ---------- Expiry ----------

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

  private event(
    tx: Tx,
    orderId: string,
    at: number,
    actor: string,
    action: OrderEvent["action"],
    fromStatus: OrderStatus | null,
    toStatus: OrderStatus | null,
    detail = "",
  ): Promise<void> {
    return this.repo.addEvent(tx, { orderId, at, actor, action, fromStatus, toStatus, detail: detail.slice(0, 500) });
  }

  // ---------- Shopper's views ----------

  /** Public (docs/decisions.md D9): only the code, the first name and the status. */
  async publicLookup(code: string): Promise<PublicOrder> {
    const normalized = normalizeOrderCode(code);
    const row = normalized ? await this.deps.data.read((tx) => this.repo.row(tx, normalized)) : undefined;
    if (!row) throw new NotFoundError("Order not found");
    return { code: row.code, firstName: firstName(row.customerName), status: row.status };
  }

  /** The private order page: the delivered codes, in clear, only here (and in the delivery email). */
  async privateOrder(token: string): Promise<PrivateOrder> {
    const found = isTokenShaped(token)
      ? await this.deps.data.read(async (tx) => {
          const f = await this.repo.findByTokenHash(tx, hashToken(token));
          if (!f) return undefined;
          const delivered = f.order.status === "delivered" ? await this.deps.mails.deliveredItems(tx, f.order) : [];
          return { ...f, delivered };
        })
      : undefined;
    if (!found) throw new NotFoundError("Order not found");
    const { order: o, lines, delivered } = found;
    return {
      code: o.code,
      status: o.status,
      firstName: firstName(o.customerName),
      createdAt: o.createdAt,
      currency: isCurrency(o.currency) ? o.currency : "USD",
      lines: lines.map(toLine),
      subtotal: o.subtotal,
      discount: o.discount,
      total: o.total,
      promoCode: o.promoCode,
      paymentLink: o.paymentLink,
      expiresAt: o.status === "pending_payment" ? o.expiresAt : null,
      codes: delivered.flatMap((item) =>
        item.codes.map((c) => ({
          lineId: String(item.line.id),
          productId: item.line.productId,
          variantId: item.line.variantId,
          title: item.line.title,
          variantName: item.line.variantName,
          platform: item.platform,
          code: this.deps.mails.openCode(c),
        })),
      ),
    };
  }
}
