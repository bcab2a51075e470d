/** Order rules. Exports: OrdersService with findByCode(code), listRecent(limit), metrics(now), markPaid(code)
 * (manual provider: pending_payment -> paid, 'payment received' mail in the same transaction), cancel(code),
 * publicLookup(code) -> {code, firstName}, privateOrder(token). */
import type { AdminOrder, Metrics, PrivateOrder, PublicOrder } from "@store/shared/schemas/orders";
import { isCurrency } from "@store/shared/currency";
import type { Db } from "../../db/client.ts";
import { ConflictError, NotFoundError } from "../../http/errors.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { paymentReceivedMail } from "../mail/templates.ts";
import { firstName, hashToken, isTokenShaped, normalizeOrderCode } from "./order-code.ts";
import { toLine, type OrdersRepo } from "./orders.repo.ts";

const DAY = 24 * 3600_000;

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly repo: OrdersRepo,
    private readonly mail: MailRepo,
    private readonly catalog: CatalogRepo,
    private readonly onMailQueued: () => void = () => undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  findByCode(code: string): AdminOrder {
    const normalized = normalizeOrderCode(code);
    const order = normalized ? this.repo.findByCode(normalized) : undefined;
    if (!order) throw new NotFoundError("Order not found");
    return order;
  }

  listRecent(limit = 10): AdminOrder[] {
    return this.repo.listRecent(Math.min(Math.max(1, Math.trunc(limit) || 10), 100));
  }

  metrics(now = this.clock()): Metrics {
    const recentOrders = this.repo.countCreatedBetween(now - 7 * DAY, now + 1);
    const priorOrders = this.repo.countCreatedBetween(now - 14 * DAY, now - 7 * DAY);
    return {
      totalOrders: this.repo.totalOrders(),
      uniqueCustomers: this.repo.uniqueCustomers(),
      totalProducts: this.catalog.countProducts(),
      recentOrders,
      priorOrders,
      growthPercentage: Math.round(((recentOrders - priorOrders) / Math.max(priorOrders, 1)) * 100),
    };
  }

  /** The operator confirms a manual payment. Code delivery comes with the codes issue, so paid stays paid. */
  markPaid(code: string): AdminOrder {
    const normalized = normalizeOrderCode(code) ?? code;
    const now = this.clock();
    const order = this.db.transaction(
      (tx) => {
        const row = this.repo.transition(tx, normalized, ["pending_payment"], "paid", now, { paidAt: now });
        if (!row) {
          const current = this.repo.row(normalized, tx);
          if (!current) throw new NotFoundError("Order not found");
          throw new ConflictError(`Order ${current.code} is not awaiting payment (status: ${current.status}).`);
        }
        const content = paymentReceivedMail(row.locale, { code: row.code, customerName: row.customerName });
        this.mail.enqueue(tx, { kind: "payment_received", orderId: row.id, to: row.customerEmail, ...content }, now);
        const result = this.repo.findByCode(row.code, tx);
        if (!result) throw new NotFoundError("Order not found");
        this.catalog.addSales(
          tx,
          result.items.map((item) => ({ productId: item.id, qty: item.qty })),
        );
        return result;
      },
      { behavior: "immediate" },
    );
    this.onMailQueued();
    return order;
  }

  cancel(code: string): AdminOrder {
    const normalized = normalizeOrderCode(code) ?? code;
    const now = this.clock();
    return this.db.transaction(
      (tx) => {
        const row = this.repo.transition(tx, normalized, ["pending_payment", "awaiting_stock"], "cancelled", now);
        if (!row) {
          const current = this.repo.row(normalized, tx);
          if (!current) throw new NotFoundError("Order not found");
          throw new ConflictError(`Order ${current.code} cannot be cancelled (status: ${current.status}).`);
        }
        const result = this.repo.findByCode(row.code, tx);
        if (!result) throw new NotFoundError("Order not found");
        return result;
      },
      { behavior: "immediate" },
    );
  }

  /** Public (docs/decisions.md D9): only the code, the first name and the status. */
  publicLookup(code: string): PublicOrder {
    const normalized = normalizeOrderCode(code);
    const row = normalized ? this.repo.row(normalized) : undefined;
    if (!row) throw new NotFoundError("Order not found");
    return { code: row.code, firstName: firstName(row.customerName), status: row.status };
  }

  privateOrder(token: string): PrivateOrder {
    const found = isTokenShaped(token) ? this.repo.findByTokenHash(hashToken(token)) : undefined;
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
      codes: [],
    };
  }
}
