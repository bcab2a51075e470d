/** Every order query; each method takes the transaction it runs in. Exports: OrdersRepo with insert(tx, order,
 * lines) -> line ids (undefined when the code is taken), row(tx, code), rowById(tx, id), findByCode(tx, code),
 * findByTokenHash(tx, hash), page(tx, query), linesOf(tx, orderIds), counts for metrics
 * (totals, advanceTotals, placedBetween, countCreatedBetween), transition(tx, code, from, to, now),
 * attachPayment(tx, code, ref, url, now) (a provider's payment reference and page), dueToExpire(tx, now, limit),
 * paidOldestFirst(tx, limit), awaitingStock(tx), addEvent(tx, event), eventsOf(tx, orderId). Every write to orders,
 * order_lines, order_events, order_totals and product_sales_days is here. */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { orderEvents, orderLines, orders, OrderStatus } from "../../db/schema/index.ts";
import { numbered, placeholders, prepared, preparedPerCount } from "../../db/prepared.ts";
import {
  ORDER_EVENT_ACTIONS,
  REVENUE_STATUSES,
  type AdminOrder,
  type OrderEvent,
  type OrderLine,
} from "@store/shared/schemas/orders";
import { isCurrency } from "@store/shared/currency";
import type { HeldStockRow } from "@store/shared/schemas/stock";

/** From this many orders matching an email prefix, the orders list walks its sort order instead (see page()). */
const BROAD_PREFIX_MATCHES = 2_000;
/** The sales per day count an order on the UTC day it was placed: floor(createdAt / DAY_MS). */
const DAY_MS = 86_400_000;
const isRevenue = (status: OrderStatus): boolean => (REVENUE_STATUSES as readonly OrderStatus[]).includes(status);

/** `text` starts with `prefix`, as a range (an index on `text` serves it, where LIKE would not on SQLite). */
const startsWith = (text: SQL, prefix: string): SQL => sql`(${text} >= ${prefix} and ${text} < ${`${prefix}\uffff`})`;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, "id" | "action"> & { action: OrderEvent["action"] };

function isEventAction(action: string): action is OrderEvent["action"] {
  return (ORDER_EVENT_ACTIONS as readonly string[]).includes(action);
}

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
    expiresAt: o.status === "pending_payment" ? o.expiresAt : null,
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
  "accessTokenSealed",
  "expiresAt",
  "createdAt",
  "updatedAt",
  "clientAddress",
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

// Checkout's writes are prepared once per connection (the hot path).
const insertOrderStmt = prepared("orders_insert", (db, t) =>
  db
    .insert(t.orders)
    .values(placeholders(ORDER_COLUMNS))
    .onConflictDoNothing({ target: t.orders.code })
    .returning({ id: t.orders.id }),
);
const codeTakenStmt = prepared("orders_code_taken", (db, t) =>
  db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(eq(t.orders.code, sql.placeholder("code"))),
);
/** An order's lines in one statement (one round trip whatever their number). */
const insertLinesStmt = preparedPerCount("order_lines_insert", (db, t, n) =>
  db
    .insert(t.orderLines)
    .values(Array.from({ length: n }, (_, i) => placeholders(LINE_COLUMNS, i)))
    .returning({ id: t.orderLines.id }),
);
export class OrdersRepo {
  /** `engine` selects how a search by email prefix is planned (see page()). */
  constructor(private readonly engine: "sqlite" | "postgres") {}

  /** Whether an order has this code already. */
  async codeTaken(tx: Tx, code: string): Promise<boolean> {
    return (await codeTakenStmt(tx).execute({ code })).length > 0;
  }

  /** Inserts an order without its lines (insertLines()); false when its code is taken already (nothing written).
   * The statement is sent when this is called, as insertLines()'s. */
  insertOrder(tx: Tx, order: NewOrderValues): Promise<boolean> {
    return insertOrderStmt(tx)
      .execute(order)
      .then((rows) => rows.length > 0);
  }

  /** Inserts the lines of an order just inserted; returns their ids, in the order of `lines`. The statement is sent
   * when this is called (`then` at once, where `await` would start it a turn later): a statement the caller sends
   * next that reads the lines (a reservation of their codes) runs after it without waiting for its answer. */
  insertLines(tx: Tx, order: NewOrderValues, lines: NewOrderLine[]): Promise<number[]> {
    if (lines.length === 0) return Promise.resolve([]);
    return insertLinesStmt(tx, lines.length)
      .execute(
        numbered(
          lines.map((l) => ({
            orderId: order.id,
            productId: l.productId,
            variantId: l.variantId ?? null,
            title: l.title,
            variantName: l.variantName ?? null,
            qty: l.qty,
            unitPrice: l.unitPrice,
            lineTotal: l.lineTotal,
          })),
        ),
      )
      .then(async (rows) => {
        if (rows.length !== lines.length) throw new Error("order lines insert returned another number of rows");
        // The ids one INSERT generates follow the order of its rows (RETURNING itself promises no order).
        const ids = rows.map((r) => r.id).sort((a, b) => a - b);
        if (isRevenue(order.status)) await this.countSales(tx, order.id, order.createdAt, 1);
        return ids;
      });
  }

  async rowById(tx: Tx, id: string): Promise<OrderRow | undefined> {
    const { orders } = tx.t;
    return (await tx.db.select().from(orders).where(eq(orders.id, id)))[0];
  }

  async row(tx: Tx, code: string): Promise<OrderRow | undefined> {
    const { orders } = tx.t;
    return (await tx.db.select().from(orders).where(eq(orders.code, code)))[0];
  }

  async findByCode(tx: Tx, code: string): Promise<AdminOrder | undefined> {
    const o = await this.row(tx, code);
    return o ? toAdminOrder(o, (await this.linesOf(tx, [o.id])).get(o.id) ?? []) : undefined;
  }

  async findByTokenHash(tx: Tx, hash: string): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
    const { orders } = tx.t;
    const o = (await tx.db.select().from(orders).where(eq(orders.accessTokenHash, hash)))[0];
    return o ? { order: o, lines: (await this.linesOf(tx, [o.id])).get(o.id) ?? [] } : undefined;
  }

  async linesOf(tx: Tx, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
    const out = new Map<string, OrderLineRow[]>();
    if (orderIds.length === 0) return out;
    const { orderLines } = tx.t;
    const rows = await tx.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(orderLines.id);
    for (const l of rows) {
      const list = out.get(l.orderId) ?? [];
      list.push(l);
      out.set(l.orderId, list);
    }
    return out;
  }

  /** One page of the admin orders list, keyset-paged (docs/decisions.md D30): `after` is the last row of the page
   * before (its sort value and code), so a page reads only its own rows through an index whatever its depth. */
  async page(
    tx: Tx,
    query: {
      status?: OrderStatus;
      code?: string;
      emailPrefix?: string;
      sort: "newest" | "oldest" | "total_desc" | "total_asc";
      after?: { value: number; code: string };
      limit: number;
    },
  ): Promise<OrderRow[]> {
    const { orders } = tx.t;
    const byTotal = query.sort === "total_desc" || query.sort === "total_asc";
    const descending = query.sort === "newest" || query.sort === "total_desc";
    const key = byTotal ? orders.total : orders.createdAt;
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.code !== undefined) conditions.push(eq(orders.code, query.code));
    if (query.emailPrefix !== undefined) {
      // A range on lower(email) (indexed on both engines) rather than LIKE, which SQLite's index would not serve.
      // When the prefix matches many orders ("customer1" among a million), reading them all by email to sort them
      // costs more than walking the sort order until a page is full. PostgreSQL's planner weighs the two from its
      // statistics; SQLite's takes the email index whatever the count, so here the matches are counted first (up
      // to a bound) and a broad prefix is compared as a plain expression (`|| ''` is not the indexed one).
      const prefix = query.emailPrefix;
      const indexed = sql`lower(${orders.customerEmail})`;
      const broad = this.engine === "sqlite" && (await this.emailPrefixMatches(tx, prefix)) >= BROAD_PREFIX_MATCHES;
      conditions.push(startsWith(broad ? sql`(${indexed} || '')` : indexed, prefix));
    }
    const after = query.after;
    // A row value, which both engines compare in one range scan of the (sort value, code) index.
    if (after)
      conditions.push(sql`(${key}, ${orders.code}) ${sql.raw(descending ? "<" : ">")} (${after.value}, ${after.code})`);
    const order = descending ? [desc(key), desc(orders.code)] : [asc(key), asc(orders.code)];
    return tx.db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit);
  }

  /** How many orders have an email starting with `prefix` (lower case), counted up to BROAD_PREFIX_MATCHES. */
  private async emailPrefixMatches(tx: Tx, prefix: string): Promise<number> {
    const { orders } = tx.t;
    const matches = tx.db
      .select({ one: sql`1`.as("one") })
      .from(orders)
      .where(startsWith(sql`lower(${orders.customerEmail})`, prefix))
      .limit(BROAD_PREFIX_MATCHES)
      .as("matches");
    const rows = await tx.db.select({ n: count() }).from(matches);
    return rows[0]?.n ?? 0;
  }

  /** The kept all-time totals (docs/decisions.md D32): orders and distinct customers placed before `upTo`. */
  async totals(tx: Tx): Promise<{ upTo: number; orders: number; customers: number } | undefined> {
    const { orderTotals } = tx.t;
    const rows = await tx.db
      .select({ upTo: orderTotals.upTo, orders: orderTotals.orders, customers: orderTotals.customers })
      .from(orderTotals)
      .where(eq(orderTotals.id, 1));
    return rows[0];
  }

  /** Moves the kept totals from `from` to `to.upTo`; false when another writer moved them first. */
  async advanceTotals(tx: Tx, from: number | undefined, to: { upTo: number; orders: number; customers: number }) {
    const { orderTotals } = tx.t;
    if (from === undefined) {
      const rows = await tx.db
        .insert(orderTotals)
        .values({ id: 1, ...to })
        .onConflictDoNothing()
        .returning({ id: orderTotals.id });
      return rows.length > 0;
    }
    const rows = await tx.db
      .update(orderTotals)
      .set(to)
      .where(and(eq(orderTotals.id, 1), eq(orderTotals.upTo, from)))
      .returning({ id: orderTotals.id });
    return rows.length > 0;
  }

  /** Orders placed in [from, to), and how many of their customers (emails in any case) had no order before `from`:
   * a range of the created_at index, and for each email one look in the lower(email) index. */
  async placedBetween(tx: Tx, from: number, to: number): Promise<{ orders: number; newCustomers: number }> {
    const { orders } = tx.t;
    const earlier = sql`not exists (select 1 from orders as e where lower(e.customer_email) = lower(${orders.customerEmail}) and e.created_at < ${from})`;
    const rows = await tx.db
      .select({
        orders: count().mapWith(Number),
        newCustomers: sql<number>`count(distinct case when ${earlier} then lower(${orders.customerEmail}) end)`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)));
    return rows[0] ?? { orders: 0, newCustomers: 0 };
  }

  /** Orders placed in [from, to) per day and currency: how many, and the revenue of those in `paidStatuses`.
   * A day is `floor((createdAt + offsetMs) / 86,400,000)` (days since the epoch in the operator's time zone). */
  async salesByDay(
    tx: Tx,
    from: number,
    to: number,
    offsetMs: number,
    paidStatuses: readonly OrderStatus[],
  ): Promise<{ day: number; currency: string; orders: number; revenue: number }[]> {
    const { orders } = tx.t;
    // Cast: SQLite binds a JS number as a real, and the division must be an integer one on both engines.
    const day = sql<number>`(${orders.createdAt} + cast(${offsetMs} as bigint)) / 86400000`.mapWith(Number);
    const paid = inArray(orders.status, [...paidStatuses]);
    return tx.db
      .select({
        day,
        currency: orders.currency,
        orders: count().mapWith(Number),
        revenue: sql<number>`coalesce(sum(case when ${paid} then ${orders.total} else 0 end), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
      .groupBy(sql`1`, orders.currency);
  }

  /** The products with the most units in orders placed in [from, to) and in the revenue states, with the order
   * lines they were sold on and their title on the latest. Whole UTC days come from the sales per day
   * (product_sales_days, a row per product and day); the window's two ends, where the operator's time zone cuts a
   * UTC day, from the orders and lines of those hours. */
  async topProducts(
    tx: Tx,
    from: number,
    to: number,
    limit: number,
  ): Promise<{ id: string; title: string; units: number; orders: number }[]> {
    const { orders, orderLines, productSalesDays: days } = tx.t;
    const firstDay = Math.ceil(from / DAY_MS);
    const endDay = Math.max(firstDay, Math.floor(to / DAY_MS));
    // The hours before the first whole day and after the last (or the whole window when it holds no whole day).
    const [head, tail]: [[number, number], [number, number]] =
      firstDay < endDay
        ? [
            [from, firstDay * DAY_MS],
            [endDay * DAY_MS, to],
          ]
        : [
            [from, to],
            [to, to],
          ];
    const wholeDays = tx.db
      .select({
        productId: days.productId,
        units: days.units,
        lines: days.lines,
        day: days.day,
      })
      .from(days)
      .where(and(gte(days.day, firstDay), lt(days.day, endDay)));
    const hours = ([start, end]: [number, number]) =>
      tx.db
        .select({
          productId: orderLines.productId,
          units: orderLines.qty,
          lines: sql<number>`1`.as("lines"),
          day: sql<number>`cast(${orders.createdAt} / ${DAY_MS} as integer)`.as("day"),
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(gte(orders.createdAt, start), lt(orders.createdAt, end), inArray(orders.status, [...REVENUE_STATUSES])),
        );
    const sold = wholeDays.unionAll(hours(head)).unionAll(hours(tail)).as("sold");
    const units = sql<number>`sum(${sold.units})`.mapWith(Number);
    const top = await tx.db
      .select({
        id: sold.productId,
        units,
        orders: sql<number>`sum(${sold.lines})`.mapWith(Number),
        lastDay: sql<number>`max(${sold.day})`.mapWith(Number),
      })
      .from(sold)
      .groupBy(sold.productId)
      .having(sql`sum(${sold.units}) > 0`)
      .orderBy(desc(units), asc(sold.productId))
      .limit(limit);
    if (top.length === 0) return [];
    // The winners' titles in one read: each one's row of its last day (every counted day has one).
    const rows = await tx.db
      .select({ productId: days.productId, title: days.title })
      .from(days)
      .where(or(...top.map((t) => and(eq(days.day, t.lastDay), eq(days.productId, t.id)))));
    const titles = new Map(rows.map((r) => [r.productId, r.title]));
    return top.map(({ lastDay: _, ...product }) => ({ ...product, title: titles.get(product.id) ?? product.id }));
  }

  /** Adds (`sign` 1) or takes back (-1) an order's lines in the sales per day, on the UTC day it was placed. */
  private async countSales(tx: Tx, orderId: string, createdAt: number, sign: 1 | -1): Promise<void> {
    const { orderLines, productSalesDays: days } = tx.t;
    await tx.db
      .insert(days)
      .select(
        tx.db
          .select({
            day: sql<number>`cast(${Math.floor(createdAt / DAY_MS)} as integer)`.as("day"),
            productId: orderLines.productId,
            units: sql<number>`cast(sum(${orderLines.qty}) * ${sign} as integer)`.as("units"),
            lines: sql<number>`cast(count(*) * ${sign} as integer)`.as("lines"),
            title: sql<string>`max(${orderLines.title})`.as("title"),
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, orderId))
          .groupBy(orderLines.productId),
      )
      .onConflictDoUpdate({
        target: [days.day, days.productId],
        set: {
          units: sql`${days.units} + excluded.units`,
          lines: sql`${days.lines} + excluded.lines`,
          title: sql`excluded.title`,
        },
      });
  }

  async countCreatedBetween(tx: Tx, from: number, to: number): Promise<number> {
    const { orders } = tx.t;
    const rows = await tx.db
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)));
    return rows[0]?.n ?? 0;
  }

  /** Moves an order from one of `from` to `to`; returns the updated row, or undefined when it was not in `from`.
   * An order that enters or leaves the revenue states is counted in or out of the sales per day in the same
   * transaction: `from` is tried one side at a time, so the update itself tells which side the order left. */
  async transition(
    tx: Tx,
    code: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    now: number,
    extra: Partial<NewOrder> = {},
  ): Promise<OrderRow | undefined> {
    const { orders } = tx.t;
    for (const side of [from.filter(isRevenue), from.filter((s) => !isRevenue(s))]) {
      if (side.length === 0) continue;
      const [row] = await tx.db
        .update(orders)
        .set({ ...extra, status: to, updatedAt: now, version: sql`${orders.version} + 1` })
        .where(and(eq(orders.code, code), inArray(orders.status, side)))
        .returning();
      if (!row) continue;
      const wasRevenue = isRevenue(side[0] ?? to);
      if (wasRevenue !== isRevenue(to)) await this.countSales(tx, row.id, row.createdAt, wasRevenue ? -1 : 1);
      return row;
    }
    return undefined;
  }

  /** Sets the order's payment reference and page when it has none yet and still awaits payment; answers the
   * order as it is afterwards (with the reference a concurrent call stored first, if any). */
  async attachPayment(tx: Tx, code: string, ref: string, url: string, now: number): Promise<OrderRow | undefined> {
    const { orders } = tx.t;
    const updated = await tx.db
      .update(orders)
      .set({ paymentRef: ref, paymentLink: url, updatedAt: now })
      .where(and(eq(orders.code, code), eq(orders.status, "pending_payment"), isNull(orders.paymentRef)))
      .returning();
    return updated[0] ?? (await tx.db.select().from(orders).where(eq(orders.code, code)))[0];
  }

  /** Codes of orders awaiting payment whose time is up (oldest first). */
  async dueToExpire(tx: Tx, now: number, limit: number): Promise<string[]> {
    const { orders } = tx.t;
    const rows = await tx.db
      .select({ code: orders.code })
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(limit);
    return rows.map((r) => r.code);
  }

  /** Orders awaiting stock, first paid first. */
  /** Orders in status 'paid', oldest first, from orders_status_created_idx (only orders waiting for the operator's
   * manual fulfilment stay in that status). */
  async paidOldestFirst(tx: Tx, limit: number): Promise<OrderRow[]> {
    const { orders } = tx.t;
    return tx.db
      .select()
      .from(orders)
      .where(eq(orders.status, "paid"))
      .orderBy(asc(orders.createdAt), asc(orders.code))
      .limit(limit);
  }

  /** Codes reserved by orders awaiting payment, a row per order line, the orders expiring first; at most `limit`
   * rows. Walks the pending orders by their status and expiry index and each one's codes by codes_order_idx. */
  async heldStock(tx: Tx, limit: number): Promise<HeldStockRow[]> {
    const { orders, codes, orderLines } = tx.t;
    return tx.db
      .select({
        code: orders.code,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        productId: orderLines.productId,
        title: orderLines.title,
        variantName: orderLines.variantName,
        units: count(codes.id),
        createdAt: orders.createdAt,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .innerJoin(codes, and(eq(codes.orderId, orders.id), eq(codes.status, "reserved")))
      .innerJoin(orderLines, eq(orderLines.id, codes.orderLineId))
      .where(eq(orders.status, "pending_payment"))
      .groupBy(
        orders.id,
        orders.code,
        orders.customerName,
        orders.customerEmail,
        orders.createdAt,
        orders.expiresAt,
        orderLines.id,
        orderLines.productId,
        orderLines.title,
        orderLines.variantName,
      )
      .orderBy(asc(orders.expiresAt), asc(orders.code), asc(orderLines.id))
      .limit(limit);
  }

  async awaitingStock(tx: Tx): Promise<OrderRow[]> {
    const { orders } = tx.t;
    return tx.db
      .select()
      .from(orders)
      .where(eq(orders.status, "awaiting_stock"))
      .orderBy(asc(orders.paidAt), asc(orders.createdAt));
  }

  async addEvent(tx: Tx, event: NewOrderEvent): Promise<void> {
    await tx.db.insert(tx.t.orderEvents).values(event);
  }

  async eventsOf(tx: Tx, orderId: string): Promise<OrderEvent[]> {
    const { orderEvents } = tx.t;
    const rows = await tx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
    return rows.flatMap((r) =>
      isEventAction(r.action)
        ? [
            {
              id: r.id,
              at: r.at,
              actor: r.actor,
              action: r.action,
              fromStatus: r.fromStatus,
              toStatus: r.toStatus,
              detail: r.detail,
            },
          ]
        : [],
    );
  }
}
