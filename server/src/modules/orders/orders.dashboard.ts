/** The dashboard's figures: metrics (all-time totals kept as docs/decisions.md D32 says, the last weeks' orders),
 * sales per day, the top products, and stock alerts. */
import {
  REVENUE_STATUSES,
  type Metrics,
  type Sales,
  type SalesDay,
  type TopProducts,
} from "@store/shared/schemas/orders";
import type { StockAlerts } from "@store/shared/schemas/stock";
import { isCurrency } from "@store/shared/currency";
import { OrdersPart } from "./orders.common.ts";

const DAY = 24 * 3600_000;
/** Orders placed this long ago have committed (a checkout stamps its order just before writing it): the kept totals
 * only ever cover such orders (docs/decisions.md D32). */
const SETTLED_MS = 10 * 60_000;

/** The dashboard's window: the last `days` days (today included) in the operator's time zone (`tzMinutes` east of
 * UTC), as days since the epoch in that zone (`first`, `today`) and as the instants [from, to). */
function salesWindow(days: number, tzMinutes: number, now: number) {
  const offset = tzMinutes * 60_000;
  const today = Math.floor((now + offset) / DAY);
  const first = today - days + 1;
  return { first, today, offset, from: first * DAY - offset, to: (today + 1) * DAY - offset };
}

export class OrdersDashboard extends OrdersPart {
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
}
