/** Admin > Dashboard: four metric cards, the ten most recent orders (with a detail modal) and the Panier Lookup. */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { adminOrderSchema } from "@store/shared/schemas/orders";
import { AdminApiError, AdminNetworkError, adminApi } from "../../../api/admin-client.ts";
import { Dialog } from "../../../ui/dialog.tsx";
import { formatGrowth, itemCount, useRecentOrders, type AdminOrder, type Metrics } from "./dashboard-data.ts";

interface DashboardPanelProps {
  metrics: Metrics | null;
  onOrdersChanged: () => void;
}

function useFormatDate() {
  const { i18n } = useLingui();
  return (ms: number, withTime = false) =>
    i18n.date(new Date(ms), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

function MetricCard({
  title,
  value,
  caption,
  testId,
}: {
  title: ReactNode;
  value: ReactNode;
  caption: ReactNode;
  testId: string;
}) {
  return (
    <article className="admin-metric" data-testid={testId}>
      <h3 className="admin-metric__title">{title}</h3>
      <p className="admin-metric__value">{value}</p>
      <p className="admin-metric__caption">{caption}</p>
    </article>
  );
}

export function DashboardPanel({ metrics, onOrdersChanged }: DashboardPanelProps) {
  const { orders, loading, reload } = useRecentOrders();
  const [open, setOpen] = useState<AdminOrder | null>(null);
  const formatDate = useFormatDate();
  const growth = metrics?.growthPercentage ?? 0;

  return (
    <section className="admin-section" aria-labelledby="admin-dashboard-title">
      <h2 id="admin-dashboard-title" className="admin-section__title">
        <Trans>Dashboard</Trans>
      </h2>
      <div className="admin-metrics">
        <MetricCard
          testId="metric-orders"
          title={<Trans>Total Orders</Trans>}
          value={metrics?.totalOrders ?? 0}
          caption={<Trans>All time</Trans>}
        />
        <MetricCard
          testId="metric-products"
          title={<Trans>Products</Trans>}
          value={metrics?.totalProducts ?? 0}
          caption={<Trans>In catalog</Trans>}
        />
        <MetricCard
          testId="metric-customers"
          title={<Trans>Customers</Trans>}
          value={metrics?.uniqueCustomers ?? 0}
          caption={<Trans>Unique emails</Trans>}
        />
        <MetricCard
          testId="metric-growth"
          title={<Trans>Growth</Trans>}
          value={<bdi className={growth < 0 ? "admin-metric__down" : "admin-metric__up"}>{formatGrowth(growth)}</bdi>}
          caption={<Trans>Recent activity</Trans>}
        />
      </div>

      <div className="admin-dash-grid">
        <section className="admin-box" aria-labelledby="admin-recent-orders">
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
            <ul className="admin-orders" data-testid="recent-orders">
              {orders.map((o) => {
                const n = itemCount(o);
                return (
                  <li key={o.code}>
                    <button type="button" className="admin-order-row" onClick={() => setOpen(o)}>
                      <span className="admin-order-row__name">{o.customer.name.trim() || <Trans>Guest</Trans>}</span>
                      <bdi className="admin-order-row__code">#{o.code}</bdi>
                      <span className="muted">{formatDate(o.createdAt)}</span>
                      <span className="muted">
                        <Plural value={n} one="# item" other="# items" />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <PanierLookup />
      </div>

      <OrderModal
        order={open}
        onClose={() => setOpen(null)}
        onChanged={(o) => {
          setOpen(o);
          void reload();
          onOrdersChanged();
        }}
      />
    </section>
  );
}

function OrderFacts({ order }: { order: AdminOrder }) {
  const formatDate = useFormatDate();
  return (
    <dl className="admin-facts">
      <div>
        <dt>
          <Trans>Customer</Trans>
        </dt>
        <dd>{order.customer.name.trim() || <Trans>Guest</Trans>}</dd>
      </div>
      <div>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          <bdi>{order.customer.email}</bdi>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>WhatsApp</Trans>
        </dt>
        <dd>
          <bdi>{order.customer.whatsapp}</bdi>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{formatDate(order.createdAt, true)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <OrderStatusText status={order.status} />
        </dd>
      </div>
    </dl>
  );
}

function OrderStatusText({ status }: { status: AdminOrder["status"] }) {
  switch (status) {
    case "pending_payment":
      return <Trans>Awaiting payment</Trans>;
    case "paid":
      return <Trans>Paid</Trans>;
    case "awaiting_stock":
      return <Trans>Awaiting stock</Trans>;
    case "delivered":
      return <Trans>Delivered</Trans>;
    case "cancelled":
      return <Trans>Cancelled</Trans>;
    case "expired":
      return <Trans>Expired</Trans>;
  }
}

function OrderModal({
  order,
  onClose,
  onChanged,
}: {
  order: AdminOrder | null;
  onClose: () => void;
  onChanged: (o: AdminOrder) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const code = order?.code ?? "";
  const canMarkPaid = order !== null && order.status === "pending_payment" && order.paymentProvider === "manual";

  async function markPaid() {
    if (!order || busy) return;
    setBusy(true);
    try {
      const updated = adminOrderSchema.parse(
        await adminApi.send<unknown>("POST", `/api/admin/orders/${encodeURIComponent(order.code)}/mark-paid`),
      );
      toast.success(t`Order marked as paid`);
      onChanged(updated);
    } catch (err) {
      toast.error(t`Failed to mark the order as paid`, { description: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={order !== null} title={t`Order #${code}`} onClose={onClose} size="narrow">
      {order ? (
        <>
          <OrderFacts order={order} />
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Qty</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={`${line.id}:${line.variantId ?? ""}`}>
                  <td>
                    <bdi>{line.id}</bdi>
                    {line.title ? <span className="muted"> — {line.title}</span> : null}
                    {line.variantName ? <span className="muted"> ({line.variantName})</span> : null}
                  </td>
                  <td>{line.qty}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="dialog__actions">
            {canMarkPaid ? (
              <button type="button" className="btn btn--primary" onClick={() => void markPaid()} disabled={busy}>
                <Trans>Mark as paid</Trans>
              </button>
            ) : null}
            <button type="button" className="btn btn--secondary" onClick={onClose} autoFocus>
              <Trans>Close</Trans>
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

type LookupState =
  { kind: "idle" } | { kind: "loading" } | { kind: "found"; order: AdminOrder } | { kind: "error"; message: string };

function PanierLookup() {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [state, setState] = useState<LookupState>({ kind: "idle" });
  const inputId = useId();
  const formatDate = useFormatDate();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const wanted = code.trim();
    if (wanted === "" || state.kind === "loading") return;
    setState({ kind: "loading" });
    try {
      const order = adminOrderSchema.parse(
        await adminApi.get<unknown>(`/api/admin/orders/${encodeURIComponent(wanted)}`),
      );
      setState({ kind: "found", order });
    } catch (err) {
      if (err instanceof AdminNetworkError) setState({ kind: "error", message: t`Network error` });
      else if (err instanceof AdminApiError && err.status === 404)
        setState({ kind: "error", message: t`No order found with this code.` });
      else setState({ kind: "error", message: t`The order could not be loaded.` });
    }
  }

  return (
    <section className="admin-box" aria-labelledby="admin-panier-lookup">
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
        {state.kind === "found" ? (
          <div className="admin-lookup-result" data-testid="lookup-result">
            <p className="admin-lookup-result__code">
              <bdi>{state.order.code}</bdi> · {formatDate(state.order.createdAt, true)}
            </p>
            <OrderFacts order={state.order} />
            <ul className="admin-lookup-items">
              {state.order.items.map((line) => (
                <li key={`${line.id}:${line.variantId ?? ""}`}>
                  <bdi>
                    {line.id} × {line.qty}
                  </bdi>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
