/** An order's status in the console's words, and dates in the console's language. */
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminOrder } from "./dashboard-data.ts";

export function useFormatDate() {
  const { i18n } = useLingui();
  return (ms: number, withTime = false) =>
    i18n.date(new Date(ms), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

export function StatusLabel({ status }: { status: AdminOrder["status"] }) {
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
    case "refunded":
      return <Trans>Refunded</Trans>;
  }
}

/** The order's status in the console's language; as a badge in lists. */
export function OrderStatusText({ status, badge = false }: { status: AdminOrder["status"]; badge?: boolean }) {
  return (
    <span
      className={badge ? `admin-status admin-status--${status.replace("_", "-")}` : undefined}
      data-testid="order-status"
    >
      <StatusLabel status={status} />
    </span>
  );
}
