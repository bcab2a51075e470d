/** The orders as they are read: the admin's detail (codes masked, history, allowed actions) and list, held stock, the
 * dashboard's work to do (awaitingFulfilment), and the shopper's views, publicLookup(code) and privateOrder(token). */
import type {
  AdminOrderAction,
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AwaitingFulfilment,
  LineToFulfil,
  OrderEvent,
  PrivateOrder,
  PublicOrder,
} from "@store/shared/schemas/orders";
import { HELD_STOCK_LIMIT, type HeldStock } from "@store/shared/schemas/stock";
import { isCurrency } from "@store/shared/currency";
import type { Tx } from "../../db/data.ts";
import { NotFoundError } from "../../http/errors.ts";
import { decodeCursor, encodeCursor } from "../../http/cursor.ts";
import { maskCode } from "../../lib/sealer.ts";
import type { CodeRow } from "../codes/codes.repo.ts";
import { firstName, hashToken, isTokenShaped, normalizeOrderCode } from "./order-code.ts";
import { orderNotFound, OrdersPart, SHOPPER_ACTOR, type Needs, type Shortfall } from "./orders.common.ts";
import { toAdminOrder, toLine, type OrderRow } from "./orders.repo.ts";

const STALE_ORDERS_PAGE = "This page of orders no longer exists. Please start from the first page.";
/** The most orders the dashboard lists as work to do (orders stay 'paid' only until the operator fulfils them). */
const AWAITING_FULFILMENT_LIMIT = 100;

export class OrderQueries extends OrdersPart {
  async findByCode(code: string): Promise<AdminOrderDetail> {
    const normalized = normalizeOrderCode(code);
    const detail = normalized ? await this.deps.data.read((tx) => this.detail(tx, normalized)) : undefined;
    if (!detail) throw orderNotFound();
    return detail;
  }

  /** The admin's view of an order: codes masked, its history (with its creation first), the actions allowed now. */
  async detail(tx: Tx, code: string): Promise<AdminOrderDetail | undefined> {
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

  /** Codes held by orders awaiting payment (Admin > Orders > Held stock), the orders expiring first. */
  heldStock(): Promise<HeldStock> {
    return this.deps.data.read(async (tx) => {
      const rows = await this.repo.heldStock(tx, HELD_STOCK_LIMIT + 1);
      return { rows: rows.slice(0, HELD_STOCK_LIMIT), more: rows.length > HELD_STOCK_LIMIT };
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
      locale: o.locale,
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
