/** Dashboard data (docs/decisions.md D20): metrics and recent orders. Each read is kept on the device; offline,
 * the last known values are shown with the time they were read. Other load failures leave them empty
 * (docs/product.md, "Errors and messages"). */
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import {
  adminOrderSchema,
  metricsSchema,
  salesSchema,
  topProductsSchema,
  type AdminOrder,
  type Metrics,
  type Sales,
  type TopProducts,
} from "@store/shared/schemas/orders";
import { adminApi } from "../../../local/admin-api.ts";
import { db } from "../../../local/db.ts";
import { META } from "../../../local/meta.ts";
import { useOnline } from "../../checkout/use-online.ts";
import { createLastKnown, type Known } from "./last-known.ts";

const RECENT_ORDERS_LIMIT = 10;

const lastKnown = createLastKnown({ table: db.meta });

/** Forgets the dashboard values kept on this device (at sign-out). */
export function forgetDashboard(): Promise<void> {
  return lastKnown.forget([META.adminMetrics, META.adminRecentOrders, META.adminSales, META.adminTopProducts]);
}

/** GET /api/admin/orders answers { orders: [...] }; docs/product.md also allows a bare list. Bad rows are skipped. */
function ordersFrom(body: unknown): AdminOrder[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === "object" && body !== null && "orders" in body && Array.isArray(body.orders)
      ? (body.orders as unknown[])
      : [];
  const out: AdminOrder[] = [];
  for (const row of list) {
    const parsed = adminOrderSchema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

const recentOrdersSchema = z.unknown().transform(ordersFrom);

export function itemCount(order: Pick<AdminOrder, "items">): number {
  return order.items.reduce((n, line) => n + line.qty, 0);
}

/** '+N%' or '-N%'. */
export function formatGrowth(percent: number): string {
  return `${percent >= 0 ? "+" : ""}${percent}%`;
}

/** One dashboard read-out, read through the device's copy. */
function useKnown<T>(
  key: string,
  schema: z.ZodType<T>,
  path: string,
  what: string,
): { known: Known<T> | null; loading: boolean; reload: () => Promise<void> } {
  const [known, setKnown] = useState<Known<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const online = useOnline();
  const reload = useCallback(async () => {
    try {
      setKnown(await lastKnown.read(key, schema, () => adminApi.get<unknown>(path)));
    } catch (err) {
      console.warn(`${what} failed to load`, err);
    } finally {
      setLoading(false);
    }
  }, [key, schema, path, what]);
  // At mount, and each time the connection comes or goes: fresh values, or the last known ones marked so.
  useEffect(() => {
    void reload();
  }, [online, reload]);
  return { known, loading, reload };
}

export function useMetrics(): { metrics: Metrics | null; lastKnownAt: number | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(META.adminMetrics, metricsSchema, "/api/admin/metrics", "metrics");
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
    `/api/admin/orders?limit=${RECENT_ORDERS_LIMIT}`,
    "recent orders",
  );
  return { orders: known?.value ?? [], lastKnownAt: known?.lastKnown ? known.at : null, loading, reload };
}

/** How many days the dashboard's pictures cover. */
const SALES_DAYS = 30;

/** Orders and revenue per day over the last SALES_DAYS days, in this device's time zone. */
export function useSales(): { sales: Sales | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(META.adminSales, salesSchema, salesPath("sales"), "sales");
  return { sales: known?.value ?? null, reload };
}

/** The most sold products of the same days (their own answer: the chart does not wait for it). */
export function useTopProducts(): { topProducts: TopProducts["topProducts"] | null; reload: () => Promise<void> } {
  const { known, reload } = useKnown(
    META.adminTopProducts,
    topProductsSchema,
    salesPath("top-products"),
    "top products",
  );
  return { topProducts: known?.value.topProducts ?? null, reload };
}

function salesPath(what: "sales" | "top-products"): string {
  return `/api/admin/metrics/${what}?days=${SALES_DAYS}&tz=${-new Date().getTimezoneOffset()}`;
}

export type { AdminOrder, Metrics, Sales, TopProducts };
