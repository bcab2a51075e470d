/** Dashboard data (docs/decisions.md D20): metrics and recent orders; load
 * failures leave them empty (docs/product.md, "Errors and messages"). */
import { useCallback, useEffect, useState } from "react";
import { adminOrderSchema, metricsSchema, type AdminOrder, type Metrics } from "@store/shared/schemas/orders";
import { adminApi } from "../../../api/admin-client.ts";

export const RECENT_ORDERS_LIMIT = 10;

/** GET /api/admin/orders answers { orders: [...] }; docs/product.md also allows a bare list. Bad rows are skipped. */
export function ordersFrom(body: unknown): AdminOrder[] {
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

export function itemCount(order: Pick<AdminOrder, "items">): number {
  return order.items.reduce((n, line) => n + line.qty, 0);
}

/** '+N%' or '-N%'. */
export function formatGrowth(percent: number): string {
  return `${percent >= 0 ? "+" : ""}${percent}%`;
}

export function useMetrics(): { metrics: Metrics | null; reload: () => Promise<void> } {
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  const reload = useCallback(async () => {
    try {
      setMetrics(metricsSchema.parse(await adminApi.get<unknown>("/api/admin/metrics")));
    } catch (err) {
      console.warn("metrics failed to load", err);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { metrics, reload };
}

export function useRecentOrders(): { orders: AdminOrder[]; loading: boolean; reload: () => Promise<void> } {
  const [orders, setOrders] = useState<AdminOrder[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    try {
      setOrders(ordersFrom(await adminApi.get<unknown>(`/api/admin/orders?limit=${RECENT_ORDERS_LIMIT}`)));
    } catch (err) {
      console.warn("recent orders failed to load", err);
      setOrders([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { orders, loading, reload };
}

export type { AdminOrder, Metrics };
