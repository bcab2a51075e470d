/** Every order query. Exports: OrdersRepo with insert(tx, order, lines), codeExists(tx, code),
 * findByCode(code), findByTokenHash(hash), listRecent(limit), linesOf(orderIds), counts for metrics
 * (totalOrders, uniqueCustomers, countCreatedBetween), transition(tx, code, from, to, now), counts(). */
import { and, count, countDistinct, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines, orders, type OrderStatus } from "../../db/schema/index.ts";
import { placeholders } from "../../db/prepared.ts";
import type { AdminOrder, OrderLine } from "@store/shared/schemas/orders";
import { isCurrency } from "@store/shared/currency";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function toLine(l: OrderLineRow): OrderLine {
  return {
    id: l.productId,
    variantId: l.variantId,
    title: l.title,
    variantName: l.variantName,
    qty: l.qty,
    unitPrice: l.unitPrice,
    lineTotal: l.lineTotal,
  };
}

export function toAdminOrder(o: OrderRow, lines: OrderLineRow[]): AdminOrder {
  return {
    code: o.code,
    status: o.status,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    paidAt: o.paidAt,
    customer: { name: o.customerName, email: o.customerEmail, whatsapp: o.customerWhatsapp },
    notes: o.notes,
    locale: o.locale,
    currency: isCurrency(o.currency) ? o.currency : "USD",
    rate: o.rate,
    items: lines.map(toLine),
    subtotal: o.subtotal,
    discount: o.discount,
    total: o.total,
    promoCode: o.promoCode,
    promoPercent: o.promoPercent,
    paymentProvider: o.paymentProvider,
    version: o.version,
  };
}

const ORDER_COLUMNS = [
  "id",
  "code",
  "status",
  "customerName",
  "customerEmail",
  "customerWhatsapp",
  "notes",
  "locale",
  "currency",
  "rate",
  "subtotal",
  "discount",
  "total",
  "promoCode",
  "promoPercent",
  "paymentProvider",
  "paymentLink",
  "accessTokenHash",
  "createdAt",
  "updatedAt",
] as const;
export type NewOrderValues = Pick<Required<NewOrder>, (typeof ORDER_COLUMNS)[number]>;
const LINE_COLUMNS = [
  "orderId",
  "productId",
  "variantId",
  "title",
  "variantName",
  "qty",
  "unitPrice",
  "lineTotal",
] as const;

export class OrdersRepo {
  // Checkout's writes are prepared once (they run in the caller's transaction: one connection).
  private readonly insertOrderStmt;
  private readonly insertLineStmt;
  private readonly codeExistsStmt;

  constructor(private readonly db: Db) {
    this.insertOrderStmt = db.insert(orders).values(placeholders(ORDER_COLUMNS)).prepare();
    this.insertLineStmt = db.insert(orderLines).values(placeholders(LINE_COLUMNS)).prepare();
    this.codeExistsStmt = db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.code, sql.placeholder("code")))
      .prepare();
  }

  /** Inserts an order and its lines; call inside the transaction that owns them. */
  insert(_tx: Db, order: NewOrderValues, lines: NewOrderLine[]): void {
    this.insertOrderStmt.run(order);
    for (const l of lines) {
      this.insertLineStmt.run({
        orderId: order.id,
        productId: l.productId,
        variantId: l.variantId ?? null,
        title: l.title,
        variantName: l.variantName ?? null,
        qty: l.qty,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
      });
    }
  }

  codeExists(_tx: Db, code: string): boolean {
    return this.codeExistsStmt.get({ code }) !== undefined;
  }

  row(code: string, tx: Db = this.db): OrderRow | undefined {
    return tx.select().from(orders).where(eq(orders.code, code)).get();
  }

  findByCode(code: string, tx: Db = this.db): AdminOrder | undefined {
    const o = this.row(code, tx);
    return o ? toAdminOrder(o, this.linesOf([o.id], tx).get(o.id) ?? []) : undefined;
  }

  findByTokenHash(hash: string): { order: OrderRow; lines: OrderLineRow[] } | undefined {
    const o = this.db.select().from(orders).where(eq(orders.accessTokenHash, hash)).get();
    return o ? { order: o, lines: this.linesOf([o.id]).get(o.id) ?? [] } : undefined;
  }

  linesOf(orderIds: string[], tx: Db = this.db): Map<string, OrderLineRow[]> {
    const out = new Map<string, OrderLineRow[]>();
    if (orderIds.length === 0) return out;
    const rows = tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id).all();
    for (const l of rows) {
      const list = out.get(l.orderId) ?? [];
      list.push(l);
      out.set(l.orderId, list);
    }
    return out;
  }

  listRecent(limit: number): AdminOrder[] {
    const rows = this.db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.code)).limit(limit).all();
    const lines = this.linesOf(rows.map((r) => r.id));
    return rows.map((r) => toAdminOrder(r, lines.get(r.id) ?? []));
  }

  totalOrders(): number {
    return this.db.select({ n: count() }).from(orders).get()?.n ?? 0;
  }

  uniqueCustomers(): number {
    return (
      this.db
        .select({ n: countDistinct(sql`lower(${orders.customerEmail})`) })
        .from(orders)
        .get()?.n ?? 0
    );
  }

  countCreatedBetween(from: number, to: number): number {
    return (
      this.db
        .select({ n: count() })
        .from(orders)
        .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
        .get()?.n ?? 0
    );
  }

  /** Moves an order from one of `from` to `to`; returns the updated row, or undefined when it was not in `from`. */
  transition(
    tx: Db,
    code: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    now: number,
    extra: Partial<NewOrder> = {},
  ): OrderRow | undefined {
    return tx
      .update(orders)
      .set({ ...extra, status: to, updatedAt: now, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.code, code), inArray(orders.status, [...from])))
      .returning()
      .get();
  }
}
