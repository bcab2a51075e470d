/** The dashboard's stock read-out (docs/decisions.md D10): automatic products that ran out or run low (each a link to
 * its editor) and the paid orders waiting for codes (each opening the order). */
import { useId, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Plural, Trans } from "@lingui/react/macro";
import type { StockAlert } from "@store/shared/schemas/stock";
import * as api from "../../../api/admin-endpoints.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { useFormatDate } from "../dashboard/order-status.tsx";
import { OrderCodeButton, useReloadOnVersion, type OrderOpenerProps } from "../panel/order-opener.tsx";
import "./stock.css";

function AlertList({ title, alerts, testId }: { title: ReactNode; alerts: StockAlert[]; testId: string }) {
  const headingId = useId();
  if (alerts.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h4 id={headingId}>
        {title} ({alerts.length})
      </h4>
      <ul aria-labelledby={headingId}>
        {alerts.map((a) => {
          const name = a.variantName ? `${a.title} (${a.variantName})` : a.title;
          const available = a.available;
          const threshold = a.threshold;
          return (
            <li key={`${a.productId}:${a.variantId ?? ""}`} className="stock-alert">
              <Link to="/admin" search={{ section: "products", product: a.productId }}>
                {name}
              </Link>
              <span className="muted">
                {available === 0 ? (
                  <Trans>No code left</Trans>
                ) : (
                  <Trans>
                    {available} left (alert at {threshold})
                  </Trans>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function StockAlerts({ onOpenOrder, version }: OrderOpenerProps) {
  const headingId = useId();
  const formatDate = useFormatDate();
  const alerts = useAdminResource(api.stock.alerts);
  // Whether any product delivers automatically: without one, "every product has codes" would be true of nothing.
  const summary = useAdminResource(api.stock.summary);
  const reload = alerts.reload;
  const reloadSummary = summary.reload;
  // An order changed in the order view: its stock may have too.
  useReloadOnVersion(version, reload);
  useReloadOnVersion(version, reloadSummary);
  const data = alerts.data;
  const nothing = data && data.low.length === 0 && data.empty.length === 0 && data.awaitingStock.length === 0;
  return (
    <section className="box stock-alerts" aria-labelledby={headingId} data-testid="stock-alerts">
      <h3 id={headingId}>
        <Trans>Stock</Trans>
      </h3>
      {data === undefined ? (
        alerts.error ? (
          <p className="muted">
            <Trans>The stock could not be loaded.</Trans>
          </p>
        ) : null
      ) : nothing ? (
        summary.data?.automaticProducts === 0 ? (
          <p className="muted" data-testid="stock-no-automatic">
            <Trans>No product uses automatic delivery yet: their codes are sent by hand once paid.</Trans>
          </p>
        ) : summary.data ? (
          <p className="muted">
            <Trans>Every product with automatic delivery has codes in stock.</Trans>
          </p>
        ) : null
      ) : (
        <>
          <AlertList title={<Trans>Out of stock</Trans>} alerts={data.empty} testId="stock-empty" />
          <AlertList title={<Trans>Low stock</Trans>} alerts={data.low} testId="stock-low" />
          {data.awaitingStock.length > 0 ? (
            <div data-testid="stock-awaiting">
              <h4>
                <Trans>Orders awaiting stock</Trans> ({data.awaitingStock.length})
              </h4>
              <ul>
                {data.awaitingStock.map((o) => (
                  <li key={o.code} className="stock-alert">
                    <OrderCodeButton code={o.code} onOpen={onOpenOrder} />
                    <span className="muted">
                      <Plural value={o.missing} one="# code missing" other="# codes missing" /> ·{" "}
                      {formatDate(o.paidAt ?? o.createdAt, true)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
