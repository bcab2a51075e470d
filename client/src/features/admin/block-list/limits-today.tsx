/** The dashboard's "Limits hit today": the client addresses and recipients a rate limit refused since the start of
 * the console's day (the refusals are recorded by the rate limits themselves, docs/decisions.md D37). Shown only
 * when there are some. */
import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import * as api from "../../../api/admin-endpoints.ts";
import { useFormatDate } from "../dashboard/order-view.tsx";
import { useAdminResource } from "../panel/admin-request.ts";
import { useReloadOnVersion } from "../panel/order-opener.tsx";
import { AdminTable, LtrCell } from "../panel/admin-table.tsx";

/** The most refused shown on the dashboard. */
const SHOWN = 20;

function useLimitLabel(): (name: string) => string {
  const { t } = useLingui();
  return (name) => {
    switch (name) {
      case "checkout-address":
        return t`Checkouts per address`;
      case "checkout-email":
        return t`Orders per recipient`;
      case "promo":
        return t`Promo guesses`;
      case "newsletter":
        return t`Newsletter sign-ups`;
      case "orders":
        return t`Order lookups`;
      case "stock-requests":
        return t`Back-in-stock requests`;
      case "find-order-address":
        return t`Find my order per address`;
      case "find-order-order":
        return t`Find my order per order`;
      case "find-order-email":
        return t`Find my order per recipient`;
      case "login-address":
        return t`Sign-in attempts per address`;
      default:
        // A limit added later is named as the server names it.
        return name;
    }
  };
}

export function LimitsToday({ version }: { version: number }) {
  const id = useId();
  const label = useLimitLabel();
  const formatDate = useFormatDate();
  const { data, reload } = useAdminResource(api.dashboard.limitsToday);
  useReloadOnVersion(version, reload);
  const refusals = data?.refusals.slice(0, SHOWN) ?? [];
  if (refusals.length === 0) return null;
  return (
    <section className="box" aria-labelledby={`${id}-title`} data-testid="limits-today">
      <h3 id={`${id}-title`}>
        <Trans>Limits hit today</Trans>
      </h3>
      <p className="muted">
        <Trans>Client addresses and recipients a limit refused since the start of the day.</Trans>
      </p>
      <AdminTable
        aria-labelledby={`${id}-title`}
        columns={[
          { title: <Trans>Limit</Trans> },
          { title: <Trans>Refused</Trans> },
          { title: <Trans>Times</Trans>, numeric: true },
          { title: <Trans>Last</Trans> },
        ]}
      >
        {refusals.map((r) => (
          <tr key={`${r.limit} ${r.subject}`}>
            <td>{label(r.limit)}</td>
            <LtrCell>{r.subject}</LtrCell>
            <td className="admin-num">{r.count}</td>
            <td>{formatDate(r.lastAt, true)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
