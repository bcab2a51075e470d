/** Admin > Dashboard: four metric cards (a dash until they are read, never a 0 not yet known), the last 30 days as
 * pictures, the ten most recent orders (with the order view, where a manual payment is confirmed) and the Panier
 * Lookup. Offline, the last known values are shown, marked as such. */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import * as api from "../../../api/admin-endpoints.ts";
import { AdminApiError, AdminNetworkError } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { OrderModal, OrderFacts, useFormatDate } from "./order-view.tsx";
import {
  formatGrowth,
  useRecentOrders,
  useSales,
  useTopProducts,
  type AdminOrder,
  type Metrics,
} from "./dashboard-data.ts";
import { SalesCharts } from "./sales-charts.tsx";
import { Figure } from "../../../ui/figure.tsx";
import { OrderList } from "./order-row.tsx";
import { StockAlerts } from "../stock/stock-alerts.tsx";
import { OrdersToFulfil } from "./orders-to-fulfil.tsx";
import { DemoCodesNotice } from "../stock/demo-codes-notice.tsx";
import { LimitsToday } from "../block-list/limits-today.tsx";
import { AdminSection } from "../panel/admin-section.tsx";

interface DashboardPanelProps {
  metrics: Metrics | null;
  /** When the metrics shown were read, if they are the last known ones (offline). */
  metricsKnownAt: number | null;
  onOrdersChanged: () => void;
}

/** "Last known values, from <time>", when any read-out comes from the device's copy. */
function LastKnownNotice({ at }: { at: number | null }) {
  const formatDate = useFormatDate();
  if (at === null) return null;
  const time = formatDate(at, true);
  return (
    <p className="admin-stale" role="status" data-testid="dashboard-stale">
      <Trans>Last known values, from {time}. They will refresh when the connection returns.</Trans>
    </p>
  );
}

function MetricCard({
  title,
  value,
  caption,
  detail,
  testId,
}: {
  title: ReactNode;
  value: ReactNode;
  caption: ReactNode;
  /** What the figure is made of, when it cannot be read alone. */
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <article className="admin-metric" data-testid={testId}>
      <h3 className="admin-metric__title">{title}</h3>
      <p className="admin-metric__value">{value}</p>
      <p className="admin-metric__caption">{caption}</p>
      {detail ? <p className="admin-metric__detail">{detail}</p> : null}
    </article>
  );
}

function GrowthCounts({ recent, prior }: { recent: number; prior: number }) {
  return (
    <Trans>
      Orders in the last 7 days: {recent}; the 7 days before: {prior}
    </Trans>
  );
}

export function DashboardPanel({ metrics, metricsKnownAt, onOrdersChanged }: DashboardPanelProps) {
  const { orders, loading, reload, lastKnownAt: ordersKnownAt } = useRecentOrders();
  const { sales, reload: reloadSales } = useSales();
  const { topProducts, reload: reloadTopProducts } = useTopProducts();
  const [open, setOpen] = useState<{ code: string; order: AdminOrder | null } | null>(null);
  const [changes, setChanges] = useState(0);
  const knownAt =
    metricsKnownAt === null || ordersKnownAt === null
      ? (metricsKnownAt ?? ordersKnownAt)
      : Math.min(metricsKnownAt, ordersKnownAt);

  return (
    <AdminSection name="dashboard" title={<Trans>Dashboard</Trans>}>
      <LastKnownNotice at={knownAt} />
      <DemoCodesNotice />
      <div className="admin-metrics">
        <MetricCard
          testId="metric-orders"
          title={<Trans>Total Orders</Trans>}
          value={<Figure value={metrics?.totalOrders} />}
          caption={<Trans>All time</Trans>}
        />
        <MetricCard
          testId="metric-products"
          title={<Trans>Products</Trans>}
          value={<Figure value={metrics?.totalProducts} />}
          caption={<Trans>In catalog</Trans>}
        />
        <MetricCard
          testId="metric-customers"
          title={<Trans>Customers</Trans>}
          value={<Figure value={metrics?.uniqueCustomers} />}
          caption={<Trans>Unique emails</Trans>}
        />
        <MetricCard
          testId="metric-growth"
          title={<Trans>Growth</Trans>}
          value={
            <Figure
              value={
                metrics ? (
                  <bdi className={metrics.growthPercentage < 0 ? "admin-metric__down" : "admin-metric__up"}>
                    {formatGrowth(metrics.growthPercentage)}
                  </bdi>
                ) : null
              }
            />
          }
          caption={<Trans>Recent activity</Trans>}
          // A percentage alone misleads on few orders: +200% may be 3 orders against 1, or 2 against none.
          detail={metrics ? <GrowthCounts recent={metrics.recentOrders} prior={metrics.priorOrders} /> : null}
        />
      </div>

      <SalesCharts sales={sales} topProducts={topProducts} />

      <div className="admin-dash-grid">
        <section className="box" aria-labelledby="admin-recent-orders">
          <h3 id="admin-recent-orders">
            <Trans>Recent Orders</Trans>
          </h3>
          {loading ? null : orders.length === 0 ? (
            <div className="admin-empty">
              <p className="admin-empty__title">
                <Trans>No orders yet</Trans>
              </p>
              <p className="muted">
                <Trans>Orders will appear here once customers start purchasing</Trans>
              </p>
            </div>
          ) : (
            <OrderList
              orders={orders}
              testId="recent-orders"
              onOpen={(order) => setOpen({ code: order.code, order })}
            />
          )}
        </section>
        <div className="admin-dash-side">
          <OrdersToFulfil version={changes} onOpenOrder={(code) => setOpen({ code, order: null })} />
          <StockAlerts version={changes} onOpenOrder={(code) => setOpen({ code, order: null })} />
          <LimitsToday version={changes} />
          <PanierLookup onOpen={(order) => setOpen({ code: order.code, order })} />
        </div>
      </div>

      <OrderModal
        code={open?.code ?? null}
        order={open?.order ?? null}
        onClose={() => setOpen(null)}
        onChanged={() => {
          setChanges((n) => n + 1);
          void reload();
          void reloadSales();
          void reloadTopProducts();
          onOrdersChanged();
        }}
      />
    </AdminSection>
  );
}

type LookupState =
  { kind: "idle" } | { kind: "loading" } | { kind: "found"; order: AdminOrder } | { kind: "error"; message: string };

function PanierLookup({ onOpen }: { onOpen: (order: AdminOrder) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [state, setState] = useState<LookupState>({ kind: "idle" });
  const inputId = useId();
  const formatDate = useFormatDate();

  const found = state.kind === "found" ? state.order : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const wanted = code.trim();
    if (wanted === "" || state.kind === "loading") return;
    setState({ kind: "loading" });
    try {
      const order = await adminApi.call(api.orders.one, { params: wanted });
      setState({ kind: "found", order });
    } catch (err) {
      if (err instanceof AdminNetworkError) setState({ kind: "error", message: t`Network error` });
      else if (err instanceof AdminApiError && err.status === 404)
        setState({ kind: "error", message: t`No order found with this code.` });
      else setState({ kind: "error", message: t`The order could not be loaded.` });
    }
  }

  return (
    <section className="box" aria-labelledby="admin-panier-lookup">
      <h3 id="admin-panier-lookup">
        <Trans>Panier Lookup</Trans>
      </h3>
      <form className="admin-inline" onSubmit={(e) => void onSubmit(e)} role="search">
        <label htmlFor={inputId} className="visually-hidden">
          <Trans>Order code</Trans>
        </label>
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="PNR-12345"
          autoComplete="off"
          dir="ltr"
        />
        <button type="submit" className="btn btn--primary" disabled={state.kind === "loading"}>
          <Trans>Search</Trans>
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === "error" ? (
          <p className="admin-message admin-message--error" role="alert">
            {state.message}
          </p>
        ) : null}
        {found ? (
          <div className="admin-lookup-result" data-testid="lookup-result">
            <p className="admin-lookup-result__code">
              <bdi>{found.code}</bdi> · {formatDate(found.createdAt, true)}
            </p>
            <OrderFacts order={found} />
            <ul className="admin-lookup-items">
              {found.items.map((line) => (
                <li key={`${line.id}:${line.variantId ?? ""}`}>
                  <bdi>
                    {line.id} × {line.qty}
                  </bdi>
                </li>
              ))}
            </ul>
            <div>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                data-testid="open-order"
                onClick={() => onOpen(found)}
              >
                <Trans>Open order</Trans>
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
