/** Admin > Orders > Unmatched payments: money the payment provider took that no order holds (docs/operations.md
 * "Unmatched payments"): a payment for an order that was cancelled or refunded before it landed, or a second payment
 * for an order already paid. Each open one has 'Deliver anyway' (the order is delivered on this money, when stock
 * allows) and 'Refund' (at Stripe; any other provider's money is marked to be returned by hand, and the console says
 * so), each after a confirmation (docs/decisions.md D47). Read from the server only; an action is never queued
 * offline, since it moves money or codes. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney, isCurrency } from "@store/shared/currency";
import type { UnmatchedPayment, UnmatchedResolution } from "@store/shared/schemas/payments";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { toast } from "../../../ui/toast.tsx";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { useAdminErrorText } from "../stock/admin-errors.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { StatusLabel, useFormatDate } from "../dashboard/order-status.tsx";
import { AdminTable, LtrCell } from "../panel/admin-table.tsx";
import { ServerListState } from "../panel/list-state.tsx";
import { OrderCodeButton, useReloadOnVersion, type OrderOpenerProps } from "../panel/order-opener.tsx";

export function UnmatchedPayments({ onOpenOrder, version }: OrderOpenerProps) {
  const { t, i18n } = useLingui();
  const formatDate = useFormatDate();
  const errorText = useAdminErrorText();
  const list = useAdminResource(api.payments.unmatched);
  const [asking, setAsking] = useState<{ row: UnmatchedPayment; action: "deliver" | "refund" } | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = list.reload;
  useReloadOnVersion(version, reload);
  const rows = list.data?.payments ?? [];
  const money = (amount: number, currency: string) =>
    isCurrency(currency) ? formatMoney(amount, currency, i18n.locale) : `${amount} ${currency}`;
  const resolutionText: Record<UnmatchedResolution, string> = {
    delivered: t`Delivered`,
    refunded: t`Refunded at the provider`,
    refund_by_hand: t`To refund by hand`,
    refunding: t`Refund in progress`,
  };

  async function act(row: UnmatchedPayment, action: "deliver" | "refund") {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await adminApi.call(api.payments.resolveUnmatched, { params: { id: row.id, action }, body: {} });
      const code = answer.orderCode;
      if (action === "deliver") toast.success(t`Order ${code} delivered on this payment`);
      else if (answer.payment.resolution === "refunded") toast.success(t`The payment for order ${code} was refunded`);
      else
        toast.success(t`Marked to refund by hand`, {
          description: t`The store cannot refund this provider's payments: return the money from its dashboard.`,
        });
    } catch (err) {
      toast.error(action === "deliver" ? t`The order could not be delivered` : t`The payment could not be refunded`, {
        description: errorText(err, t`Something went wrong. Please try again.`),
      });
    } finally {
      setBusy(false);
      setAsking(null);
      void list.reload();
    }
  }
  const askingAmount = asking ? money(asking.row.amount, asking.row.currency) : "";
  const askingCode = asking?.row.orderCode ?? "";

  return (
    <div data-testid="unmatched-payments" aria-busy={list.loading}>
      <p className="muted">
        <Trans>
          Payments the provider took for orders that no longer awaited one (cancelled, refunded, or already paid). No
          order holds this money: refund it at the provider, or deliver the order by hand.
        </Trans>
      </p>
      <ServerListState
        resource={list}
        rows={rows}
        failure={<Trans>The unmatched payments could not be loaded.</Trans>}
        empty={<Trans>No payment without an order.</Trans>}
        emptyTestId="unmatched-payments-empty"
      >
        {() => (
          <AdminTable
            columns={[
              { title: <Trans>Order</Trans> },
              { title: <Trans>Amount</Trans>, numeric: true },
              { title: <Trans>Provider</Trans> },
              { title: <Trans>Provider reference</Trans> },
              { title: <Trans>Order was</Trans> },
              { title: <Trans>Received</Trans> },
              { title: <Trans>Actions</Trans>, hiddenTitle: true },
            ]}
          >
            {rows.map((r) => (
              <tr key={r.id} data-testid="unmatched-payment-row">
                <td>
                  <OrderCodeButton code={r.orderCode} onOpen={onOpenOrder} />
                </td>
                <td className="admin-num" data-testid="unmatched-payment-amount">
                  <bdi>{money(r.amount, r.currency)}</bdi>
                </td>
                <LtrCell>{r.provider}</LtrCell>
                <LtrCell>{r.paymentRef}</LtrCell>
                <td>
                  <StatusLabel status={r.orderStatus} />
                </td>
                <td>{formatDate(r.createdAt, true)}</td>
                <td data-testid="unmatched-payment-actions">
                  {r.resolution === null || r.resolution === "refunding" ? (
                    <span>
                      {r.resolution === null ? (
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm"
                          disabled={busy}
                          onClick={() => setAsking({ row: r, action: "deliver" })}
                          aria-label={t`Deliver order ${r.orderCode} anyway`}
                        >
                          <Trans>Deliver anyway</Trans>
                        </button>
                      ) : (
                        <span className="muted">{resolutionText[r.resolution]} </span>
                      )}{" "}
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        disabled={busy}
                        onClick={() => setAsking({ row: r, action: "refund" })}
                        aria-label={t`Refund the payment for order ${r.orderCode}`}
                      >
                        <Trans>Refund</Trans>
                      </button>
                    </span>
                  ) : (
                    <span data-testid="unmatched-payment-resolution">
                      {resolutionText[r.resolution]}
                      {r.resolvedBy ? (
                        <>
                          {" "}
                          (<bdi>{r.resolvedBy}</bdi>)
                        </>
                      ) : null}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ServerListState>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.action === "deliver"
            ? t`Deliver order ${askingCode} on this payment?`
            : t`Refund ${askingAmount} for order ${askingCode}?`
        }
        message={
          asking?.action === "deliver"
            ? t`Order ${askingCode} will be paid with this money and delivered through the usual delivery email (codes from stock, or waiting for your manual codes). If stock is short, nothing changes.`
            : asking?.row.provider === "stripe"
              ? t`Stripe will be asked to return ${askingAmount} to the customer. The order stays as it is. This cannot be undone.`
              : t`The store cannot refund this provider's payments: the payment will be marked to refund by hand, and you return ${askingAmount} from the provider's dashboard.`
        }
        confirmLabel={asking?.action === "deliver" ? t`Deliver anyway` : t`Refund`}
        busy={busy}
        onConfirm={() => {
          if (asking) void act(asking.row, asking.action);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
