/** Admin > Orders > Unmatched payments: money the payment provider took that no order holds (docs/operations.md
 * "Unmatched payments"): a payment for an order that was cancelled or refunded before it landed, or a second payment
 * for an order already paid. Read-only: the operator refunds it at the provider, whose reference is shown, or
 * delivers by hand. Read from the server only. */
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney, isCurrency } from "@store/shared/currency";
import { unmatchedPaymentsSchema } from "@store/shared/schemas/payments";
import { useAdminResource } from "../panel/admin-request.ts";
import { StatusLabel, useFormatDate } from "../dashboard/order-status.tsx";
import { AdminTable } from "../panel/admin-table.tsx";

export function UnmatchedPayments({
  onOpenOrder,
  version,
}: {
  onOpenOrder: (code: string) => void;
  /** Bumped when an order changed in the order view: the list is read again. */
  version: number;
}) {
  const { t, i18n } = useLingui();
  const formatDate = useFormatDate();
  const list = useAdminResource("/api/admin/payments/unmatched", unmatchedPaymentsSchema);
  const reload = list.reload;
  useEffect(() => {
    if (version > 0) void reload();
  }, [version, reload]);
  const rows = list.data?.payments ?? [];
  const money = (amount: number, currency: string) =>
    isCurrency(currency) ? formatMoney(amount, currency, i18n.locale) : `${amount} ${currency}`;

  return (
    <div data-testid="unmatched-payments" aria-busy={list.loading}>
      <p className="muted">
        <Trans>
          Payments the provider took for orders that no longer awaited one (cancelled, refunded, or already paid). No
          order holds this money: refund it at the provider, or deliver the order by hand.
        </Trans>
      </p>
      {list.data === undefined ? (
        list.error ? (
          <p className="admin-message admin-message--error" role="alert">
            <Trans>The unmatched payments could not be loaded.</Trans>{" "}
            <button type="button" className="btn btn--sm btn--secondary" onClick={() => void list.reload()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : null
      ) : rows.length === 0 ? (
        <p className="admin-empty__title" data-testid="unmatched-payments-empty">
          <Trans>No payment without an order.</Trans>
        </p>
      ) : (
        <AdminTable
          columns={[
            { title: <Trans>Order</Trans> },
            { title: <Trans>Amount</Trans>, numeric: true },
            { title: <Trans>Provider</Trans> },
            { title: <Trans>Provider reference</Trans> },
            { title: <Trans>Order was</Trans> },
            { title: <Trans>Received</Trans> },
          ]}
        >
          {rows.map((r) => (
            <tr key={r.id} data-testid="unmatched-payment-row">
              <td>
                <button
                  type="button"
                  className="btn btn--link btn--sm"
                  onClick={() => onOpenOrder(r.orderCode)}
                  aria-label={t`Open order ${r.orderCode}`}
                >
                  <bdi>{r.orderCode}</bdi>
                </button>
              </td>
              <td className="admin-num" data-testid="unmatched-payment-amount">
                <bdi>{money(r.amount, r.currency)}</bdi>
              </td>
              <td>
                <bdi dir="ltr">{r.provider}</bdi>
              </td>
              <td>
                <bdi dir="ltr">{r.paymentRef}</bdi>
              </td>
              <td>
                <StatusLabel status={r.orderStatus} />
              </td>
              <td>{formatDate(r.createdAt, true)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
