/** The dashboard's work to do (docs/product.md): paid orders waiting for the operator to send their manual codes,
 * oldest first, each with how long ago it was paid and a button that opens it in the order view. Shown only when
 * there is such an order. */
import { useEffect, useId, useState } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import * as api from "../../../api/admin-endpoints.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { useReloadOnVersion, type OrderOpenerProps } from "../panel/order-opener.tsx";
import "../stock/stock.css";
import "./fulfil.css";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 hours ago" in the console's language: minutes under an hour, hours under two days, then days. */
function timeAgo(locale: string, at: number, now: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
  const elapsed = Math.max(0, now - at);
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < 2 * DAY) return format.format(-Math.floor(elapsed / HOUR), "hour");
  return format.format(-Math.floor(elapsed / DAY), "day");
}

/** The current time, moved on every minute so the ages stay right while the dashboard is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function OrdersToFulfil({ onOpenOrder, version }: OrderOpenerProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const now = useNow();
  const work = useAdminResource(api.orders.awaitingFulfilment);
  const reload = work.reload;
  useReloadOnVersion(version, reload);
  const orders = work.data?.orders ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="box fulfil-todo" aria-labelledby={headingId} data-testid="orders-to-fulfil">
      <h3 id={headingId}>
        <Trans>Orders to fulfil</Trans> ({orders.length})
      </h3>
      <p className="muted">
        <Trans>Paid orders waiting for you to send their codes.</Trans>
      </p>
      <ul>
        {orders.map((o) => {
          const code = o.code;
          const age = timeAgo(i18n.locale, o.paidAt ?? o.createdAt, now);
          const name = o.customerName.trim();
          return (
            <li key={code} className="stock-alert" data-testid="order-to-fulfil">
              <span>
                <bdi>{code}</bdi>
                {name ? <span className="muted"> · {name}</span> : null}
                <br />
                <span className="muted">
                  <Trans>Paid {age}</Trans> · <Plural value={o.missing} one="# code to send" other="# codes to send" />
                </span>
              </span>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => onOpenOrder(code)}
                aria-label={t`Fulfil order ${code}`}
              >
                <Trans>Fulfil</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
