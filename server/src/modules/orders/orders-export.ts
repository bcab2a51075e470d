/** The orders list as spreadsheets (docs/product.md, "Orders"): GET /api/admin/orders.csv?status=&q=&sort= (one
 * row per order matching the console's filters, every page of them) and GET /api/admin/sales.csv?status=&q=&days=&tz=
 * (orders and revenue per day and currency of those orders). Both behind the admin guard (mounted after it in
 * app.ts). The orders are read EXPORT_CHUNK at a time through the list's keyset paging, each chunk in its own read,
 * and the CSV leaves as a stream, so a large store is never held in memory. Cells go through csvLine (formula cells
 * neutralised), and the file starts with a UTF-8 byte order mark so spreadsheets read Arabic names. */
import { Hono } from "hono";
import { adminOrderListQuerySchema, REVENUE_STATUSES, salesQuerySchema } from "@store/shared/schemas/orders";
import type { AdminOrder, OrderSort } from "@store/shared/schemas/orders";
import { CURRENCY_DECIMALS, isCurrency } from "@store/shared/currency";
import type { DataLayer } from "../../db/data.ts";
import type { OrderStatus } from "../../db/schema/index.ts";
import type { AdminEnv } from "../../http/session.ts";
import { parseWith } from "../../http/validate.ts";
import { csvLine } from "../../lib/csv.ts";
import { normalizeOrderCode } from "./order-code.ts";
import { toAdminOrder, type OrdersRepo } from "./orders.repo.ts";

/** Orders read per query: few round trips, and a bounded amount of memory whatever the store's size. */
const EXPORT_CHUNK = 500;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const BOM = "\uFEFF";

const ORDERS_CSV_HEADER = [
  "code",
  "date",
  "status",
  "name",
  "email",
  "whatsapp",
  "currency",
  "subtotal",
  "discount",
  "total",
  "promo_code",
  "payment_provider",
  "items",
];
const SALES_CSV_HEADER = ["day", "currency", "orders", "revenue"];

const exportQuerySchema = adminOrderListQuerySchema
  .pick({ status: true, q: true, sort: true })
  .extend(salesQuerySchema.shape);

export interface ExportFilter {
  status?: OrderStatus;
  q?: string;
  sort?: OrderSort;
  /** Only orders placed since the start of the day `days - 1` days ago (in the `tz` offset); absent: all. */
  since?: number;
}

/** An amount in minor units as a decimal in major units ("12.50", "3.200" for TND). */
export function majorUnits(minor: number, currency: string): string {
  const decimals = isCurrency(currency) ? CURRENCY_DECIMALS[currency] : 2;
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(decimals + 1, "0");
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function orderRow(o: AdminOrder): string {
  const items = o.items
    .map((line) => `${line.variantName ? `${line.title} — ${line.variantName}` : line.title} × ${line.qty}`)
    .join("; ");
  return csvLine([
    o.code,
    new Date(o.createdAt).toISOString(),
    o.status,
    o.customer.name,
    o.customer.email,
    o.customer.whatsapp,
    o.currency,
    majorUnits(o.subtotal, o.currency),
    majorUnits(o.discount, o.currency),
    majorUnits(o.total, o.currency),
    o.promoCode ?? "",
    o.paymentProvider,
    items,
  ]);
}

export class OrdersExport {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: OrdersRepo,
  ) {}

  /** The orders matching `filter`, in the list's order, EXPORT_CHUNK per step. */
  async *orders(filter: ExportFilter, chunk = EXPORT_CHUNK): AsyncGenerator<AdminOrder[]> {
    const sort = filter.sort ?? "newest";
    const byTotal = sort === "total_desc" || sort === "total_asc";
    const q = filter.q?.trim() ?? "";
    const code = q === "" ? undefined : normalizeOrderCode(q);
    let after: { value: number; code: string } | undefined;
    for (;;) {
      const page = await this.data.read(async (tx) => {
        const rows = await this.repo.page(tx, {
          status: filter.status,
          ...(code !== undefined ? { code } : q !== "" ? { emailPrefix: q.toLowerCase() } : {}),
          sort,
          after,
          limit: chunk,
        });
        const lines = await this.repo.linesOf(
          tx,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toAdminOrder(r, lines.get(r.id) ?? []));
      });
      const since = filter.since;
      const kept = since === undefined ? page : page.filter((o) => o.createdAt >= since);
      if (kept.length > 0) yield kept;
      const last = page.at(-1);
      // Newest first, an order older than the window ends the walk: every later one is older still.
      if (page.length < chunk || !last || (since !== undefined && sort === "newest" && last.createdAt < since)) return;
      after = { value: byTotal ? last.total : last.createdAt, code: last.code };
    }
  }

  /** The orders CSV, line by line (the header first). */
  async *ordersCsv(filter: ExportFilter): AsyncGenerator<string> {
    yield `${BOM}${csvLine(ORDERS_CSV_HEADER)}\r\n`;
    for await (const page of this.orders(filter)) yield page.map((o) => `${orderRow(o)}\r\n`).join("");
  }

  /** Per day (in the operator's offset `tzMinutes`, as the dashboard counts) and currency: the orders placed and
   * the revenue of those paid (paid, awaiting stock, delivered), oldest day first. */
  async *salesCsv(filter: ExportFilter, tzMinutes: number): AsyncGenerator<string> {
    const offset = tzMinutes * MINUTE_MS;
    const paid: readonly string[] = REVENUE_STATUSES;
    // One entry per day and currency: small whatever the number of orders.
    const days = new Map<string, { day: number; currency: string; orders: number; revenue: number }>();
    for await (const page of this.orders({ ...filter, sort: "newest" })) {
      for (const o of page) {
        const day = Math.floor((o.createdAt + offset) / DAY_MS);
        const key = `${day}|${o.currency}`;
        const entry = days.get(key) ?? { day, currency: o.currency, orders: 0, revenue: 0 };
        entry.orders += 1;
        if (paid.includes(o.status)) entry.revenue += o.total;
        days.set(key, entry);
      }
    }
    yield `${BOM}${csvLine(SALES_CSV_HEADER)}\r\n`;
    const rows = [...days.values()].sort((a, b) => a.day - b.day || a.currency.localeCompare(b.currency));
    for (const r of rows) {
      const date = new Date(r.day * DAY_MS).toISOString().slice(0, 10);
      yield `${csvLine([date, r.currency, String(r.orders), majorUnits(r.revenue, r.currency)])}\r\n`;
    }
  }
}

/** The first moment of the day `days - 1` days before the one `now` falls in, in the offset `tzMinutes`. */
export function windowStart(days: number, tzMinutes: number, now: number): number {
  const offset = tzMinutes * MINUTE_MS;
  const today = Math.floor((now + offset) / DAY_MS);
  return (today - days + 1) * DAY_MS - offset;
}

/** A generator of text as a byte stream that asks for the next part only when the client has read the last. */
function streamOf(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

export function ordersExportRoutes(exporter: OrdersExport, clock: () => number = Date.now): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const csv = (name: string, parts: AsyncGenerator<string>) => {
    const today = new Date(clock()).toISOString().slice(0, 10);
    return new Response(streamOf(parts), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${today}.csv"`,
        // Customers' names and addresses: never kept by a cache on the way.
        "Cache-Control": "no-store",
      },
    });
  };
  const filterOf = (query: Record<string, string>): { filter: ExportFilter; tz: number } => {
    const { status, q, sort, days, tz = 0 } = parseWith(exportQuerySchema, query);
    const filter: ExportFilter = { status, q, sort };
    if (days !== undefined) filter.since = windowStart(days, tz, clock());
    return { filter, tz };
  };
  // The query is checked before the answer starts (a bad one is a 400); the rows are read as the client reads.
  app.get("/api/admin/orders.csv", (c) => {
    const { filter } = filterOf(c.req.query());
    return csv("orders", exporter.ordersCsv(filter));
  });
  app.get("/api/admin/sales.csv", (c) => {
    const { filter, tz } = filterOf(c.req.query());
    return csv("sales", exporter.salesCsv(filter, tz));
  });
  return app;
}
