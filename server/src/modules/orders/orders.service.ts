/** Order rules. Exports: OrdersService with findByCode(code), listRecent(limit), metrics(now), markPaid(code)
 * (manual provider), confirmPayment(tx, code, now) (pending_payment -> paid, sales and 'payment received' mail in
 * the caller's transaction), cancel(code),
 * publicLookup(code) -> {code, firstName}, privateOrder(token). */
import type { AdminOrder, Metrics, PrivateOrder, PublicOrder } from "@store/shared/schemas/orders";
import { isCurrency } from "@store/shared/currency";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ConflictError, NotFoundError } from "../../http/errors.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { paymentReceivedMail } from "../mail/templates.ts";
import { firstName, hashToken, isTokenShaped, normalizeOrderCode } from "./order-code.ts";
import { toLine, type OrderRow, type OrdersRepo } from "./orders.repo.ts";

const DAY = 24 * 3600_000;

export class OrdersService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: OrdersRepo,
    private readonly mail: MailRepo,
    private readonly catalog: CatalogRepo,
    private readonly onMailQueued: () => void = () => undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  async findByCode(code: string): Promise<AdminOrder> {
    const normalized = normalizeOrderCode(code);
    const order = normalized ? await this.data.read((tx) => this.repo.findByCode(tx, normalized)) : undefined;
    if (!order) throw new NotFoundError("Order not found");
    return order;
  }

  listRecent(limit = 10): Promise<AdminOrder[]> {
    return this.data.read((tx) => this.repo.listRecent(tx, Math.min(Math.max(1, Math.trunc(limit) || 10), 100)));
  }

  metrics(now = this.clock()): Promise<Metrics> {
    return this.data.read(async (tx) => {
      const recentOrders = await this.repo.countCreatedBetween(tx, now - 7 * DAY, now + 1);
      const priorOrders = await this.repo.countCreatedBetween(tx, now - 14 * DAY, now - 7 * DAY);
      return {
        totalOrders: await this.repo.totalOrders(tx),
        uniqueCustomers: await this.repo.uniqueCustomers(tx),
        totalProducts: await this.catalog.countProducts(tx),
        recentOrders,
        priorOrders,
        growthPercentage: Math.round(((recentOrders - priorOrders) / Math.max(priorOrders, 1)) * 100),
      };
    });
  }

  /** The operator confirms a manual payment. */
  async markPaid(code: string): Promise<AdminOrder> {
    const normalized = normalizeOrderCode(code) ?? code;
    const now = this.clock();
    const order = await this.data.transaction(async (tx) => {
      const row = await this.confirmPayment(tx, normalized, now);
      if (!row) {
        const current = await this.repo.row(tx, normalized);
        if (!current) throw new NotFoundError("Order not found");
        throw new ConflictError(`Order ${current.code} is not awaiting payment (status: ${current.status}).`);
      }
      const result = await this.repo.findByCode(tx, row.code);
      if (!result) throw new NotFoundError("Order not found");
      return result;
    });
    this.onMailQueued();
    return order;
  }

  /**
   * The one place a payment is settled, whoever confirms it (the operator in manual mode, a provider's verified
   * notification): inside the caller's transaction, moves the order from awaiting payment to paid, records the
   * sales and queues the shopper's email. Answers undefined, changing nothing, when the order is not awaiting
   * payment (already settled, cancelled, expired), so a repeated confirmation is harmless. The caller wakes the
   * mail worker after commit (`onMailQueued`).
   */
  async confirmPayment(tx: Tx, code: string, now: number): Promise<OrderRow | undefined> {
    const row = await this.repo.transition(tx, code, ["pending_payment"], "paid", now, { paidAt: now });
    if (!row) return undefined;
    const content = paymentReceivedMail(row.locale, { code: row.code, customerName: row.customerName });
    await this.mail.enqueue(tx, { kind: "payment_received", orderId: row.id, to: row.customerEmail, ...content }, now);
    const lines = (await this.repo.linesOf(tx, [row.id])).get(row.id) ?? [];
    await this.catalog.addSales(
      tx,
      lines.map((line) => ({ productId: line.productId, qty: line.qty })),
    );
    return row;
  }

  cancel(code: string): Promise<AdminOrder> {
    const normalized = normalizeOrderCode(code) ?? code;
    const now = this.clock();
    return this.data.transaction(async (tx) => {
      const row = await this.repo.transition(tx, normalized, ["pending_payment", "awaiting_stock"], "cancelled", now);
      if (!row) {
        const current = await this.repo.row(tx, normalized);
        if (!current) throw new NotFoundError("Order not found");
        throw new ConflictError(`Order ${current.code} cannot be cancelled (status: ${current.status}).`);
      }
      const result = await this.repo.findByCode(tx, row.code);
      if (!result) throw new NotFoundError("Order not found");
      return result;
    });
  }

  /** Public (docs/decisions.md D9): only the code, the first name and the status. */
  async publicLookup(code: string): Promise<PublicOrder> {
    const normalized = normalizeOrderCode(code);
    const row = normalized ? await this.data.read((tx) => this.repo.row(tx, normalized)) : undefined;
    if (!row) throw new NotFoundError("Order not found");
    return { code: row.code, firstName: firstName(row.customerName), status: row.status };
  }

  async privateOrder(token: string): Promise<PrivateOrder> {
    const found = isTokenShaped(token)
      ? await this.data.read((tx) => this.repo.findByTokenHash(tx, hashToken(token)))
      : undefined;
    if (!found) throw new NotFoundError("Order not found");
    const { order: o, lines } = found;
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
      codes: [],
    };
  }
}
