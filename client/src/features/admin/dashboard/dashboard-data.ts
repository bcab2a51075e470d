/** Dashboard data (docs/decisions.md D20): metrics and recent orders. Each read is kept on the device; offline,
 * the last known values are shown with the time they were read. Other load failures leave them empty
 * (docs/product.md, "Errors and messages"). */
import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import {
  metricsSchema,
  salesSchema,
  topProductsSchema,
  type AdminOrder,
  type Metrics,
  type Sales,
  type TopProducts,
} from "@store/shared/schemas/orders";
import * as api from "../../../api/admin-endpoints.ts";
import { bind, recentOrdersSchema } from "../../../api/admin-endpoints.ts";
import type { Endpoint } from "../../../api/endpoint.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { db } from "../../../local/db.ts";
import { META } from "../../../local/meta.ts";
import { useOnline } from "../../checkout/use-online.ts";
import { createLastKnown, type Known } from "./last-known.ts";

const RECENT_ORDERS_LIMIT = 10;
/** How many days the dashboard's pictures cover. */
const SALES_DAYS = 30;

const RECENT_ORDERS = bind(api.orders.recent, RECENT_ORDERS_LIMIT);
const SALES = bind(api.dashboard.sales, SALES_DAYS);
const TOP_PRODUCTS = bind(api.dashboard.topProducts, SALES_DAYS);

const lastKnown = createLastKnown({ table: db.meta });

/** Forgets the dashboard values kept on this device (at sign-out). */
export function forgetDashboard(): Promise<void> {
  return lastKnown.forget([META.adminMetrics, META.adminRecentOrders, META.adminSales, META.adminTopProducts]);
}

export function itemCount(order: Pick<AdminOrder, "items">): number {
  return order.items.reduce((n, line) => n + line.qty, 0);
}

/** '+N%' or '-N%'. */
export function formatGrowth(percent: number): string {
  return `${percent >= 0 ? "+" : ""}${percent}%`;
}

/** One dashboard read-out, read through the device's copy: `from` asks the server, `schema` reads the stored copy. */
function useKnown<T>(
  key: string,
  schema: z.ZodType<T>,
  from: Endpoint<void, undefined, T>,
  what: string,
): { known: Known<T> | null; loading: boolean; reload: () => Promise<void> } {
  const [known, setKnown] = useState<Known<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const online = useOnline();
  const reload = useCallback(async () => {
    try {
      setKnown(await lastKnown.read(key, schema, () => adminApi.call(from)));
    } catch (err) {
      console.warn(`${what} failed to load`, err);
    } finally {
      setLoading(false);
    }
  }, [key, schema, from, what]);
  // At mount, and each time the connection comes or goes: fresh values, or the last known ones marked so.
  useEffect(() => {
    void reload();
  }, [online, reload]);
  return { known, loading, reload };
}

export function useMetrics(): { metrics: Metrics | null; lastKnownAt: number | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(META.adminMetrics, metricsSchema, api.dashboard.metrics, "metrics");
  return { metrics: known?.value ?? null, lastKnownAt: known?.lastKnown ? known.at : null, reload };
}

export function useRecentOrders(): {
  orders: AdminOrder[];
  lastKnownAt: number | null;
  loading: boolean;
  reload: () => Promise<void>;
} {
  const { known, loading, reload } = useKnown(
    META.adminRecentOrders,
    recentOrdersSchema,
    RECENT_ORDERS,
    "recent orders",
  );
  return { orders: known?.value ?? [], lastKnownAt: known?.lastKnown ? known.at : null, loading, reload };
}

/** Orders and revenue per day over the last SALES_DAYS days, in this device's time zone. */
export function useSales(): { sales: Sales | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(META.adminSales, salesSchema, SALES, "sales");
  return { sales: known?.value ?? null, reload };
}

/** The most sold products of the same days (their own answer: the chart does not wait for it). */
export function useTopProducts(): { topProducts: TopProducts["topProducts"] | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(META.adminTopProducts, topProductsSchema, TOP_PRODUCTS, "top products");
  return { topProducts: known?.value.topProducts ?? null, reload };
}

export type { AdminOrder, Metrics, Sales, TopProducts };
