/** The admin's order view: who ordered, where the order stands, what each line costs, the promo, the total and
 * the customer's notes — what the operator needs to collect a payment — then the order's codes (masked), its history
 * (the audit log: who, what, when) and the actions its state allows (docs/decisions.md D10), with the "Fulfil order"
 * form when a paid order waits for its manual codes. Destructive actions
 * ask first. */
import { useCallback, useEffect, useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "@store/shared/currency";
import type { AdminOrderDetail } from "@store/shared/schemas/orders";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { Dialog } from "../../../ui/dialog.tsx";
import { useAdminErrorText } from "../stock/admin-errors.ts";
import type { AdminOrder } from "./dashboard-data.ts";
import { FulfilForm } from "./fulfil-form.tsx";
import { useOrderActions } from "./order-actions.tsx";
import { OrderCodes, OrderHistory } from "./order-history.tsx";
import { OrderStatusText, useFormatDate } from "./order-status.tsx";
import { AdminTable } from "../panel/admin-table.tsx";
import { Fact } from "../panel/fact.tsx";
import { paymentMethodName } from "../../checkout/payment-methods.ts";

export { StatusLabel, useFormatDate } from "./order-status.tsx";

/** Amounts of one order, in its own currency and the console's language. */
function useOrderMoney(order: Pick<AdminOrder, "currency">): (minor: number) => string {
  const { i18n } = useLingui();
  return (minor) => formatMoney(minor, order.currency, i18n.locale);
}

export function OrderFacts({ order }: { order: AdminOrder }) {
  const formatDate = useFormatDate();
  const { i18n } = useLingui();
  return (
    <dl className="admin-facts">
      <Fact term={<Trans>Customer</Trans>}>{order.customer.name.trim() || <Trans>Guest</Trans>}</Fact>
      {/* A row of its own: in a column of the grid an address breaks in the middle of a word. */}
      <Fact term={<Trans>Email</Trans>} className="admin-facts__wide">
        <bdi>{order.customer.email}</bdi>
      </Fact>
      <Fact term={<Trans>WhatsApp</Trans>}>
        <bdi>{order.customer.whatsapp}</bdi>
      </Fact>
      <Fact term={<Trans>Created</Trans>}>{formatDate(order.createdAt, true)}</Fact>
      <Fact term={<Trans>Status</Trans>}>
        <OrderStatusText status={order.status} badge />
      </Fact>
      <Fact term={<Trans>Currency</Trans>}>
        <bdi>{order.currency}</bdi>
      </Fact>
      <Fact term={<Trans>Payment method</Trans>}>
        <span data-testid="order-payment-method">{paymentMethodName((m) => i18n._(m), order.paymentProvider)}</span>
      </Fact>
    </dl>
  );
}

/** Lines with unit price, quantity and line total, then subtotal, promo, discount and total. */
function OrderLines({ order }: { order: AdminOrder }) {
  const money = useOrderMoney(order);
  const promo = order.promoCode;
  const percent = order.promoPercent;
  return (
    <>
      <AdminTable
        className="admin-order-lines"
        columns={[
          { title: <Trans>Product</Trans> },
          { title: <Trans>Unit price</Trans>, numeric: true },
          { title: <Trans>Qty</Trans>, numeric: true },
          { title: <Trans>Line total</Trans>, numeric: true },
        ]}
      >
        {order.items.map((line) => (
          <tr key={`${line.id}:${line.variantId ?? ""}`}>
            <td>
              <span className="admin-order-lines__title">{line.title || <bdi>{line.id}</bdi>}</span>
              {line.variantName ? <span className="muted"> ({line.variantName})</span> : null}
              <bdi className="admin-order-lines__id muted">{line.id}</bdi>
            </td>
            <td className="admin-num">{money(line.unitPrice)}</td>
            <td className="admin-num">{line.qty}</td>
            <td className="admin-num">{money(line.lineTotal)}</td>
          </tr>
        ))}
      </AdminTable>
      <dl className="admin-order-summary" data-testid="order-summary">
        <Fact term={<Trans>Subtotal</Trans>}>{money(order.subtotal)}</Fact>
        {promo ? (
          <>
            <Fact term={<Trans>Promo code</Trans>}>
              <bdi>
                <Trans>
                  {promo} ({percent}%)
                </Trans>
              </bdi>
            </Fact>
            <Fact term={<Trans>Discount</Trans>}>
              <bdi>−{money(order.discount)}</bdi>
            </Fact>
          </>
        ) : null}
        <Fact term={<Trans>Total</Trans>} className="admin-order-summary__total">
          <span data-testid="order-total">{money(order.total)}</span>
        </Fact>
      </dl>
    </>
  );
}

function CustomerNotes({ notes }: { notes: string }) {
  const headingId = useId();
  return (
    <section className="admin-order-notes" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Customer notes</Trans>
      </h3>
      {notes.trim() ? (
        <p className="admin-order-notes__text">{notes}</p>
      ) : (
        <p className="muted">
          <Trans>None</Trans>
        </p>
      )}
    </section>
  );
}

/** Reads the order with its codes, history and allowed actions each time the view opens on it. */
function useOrderDetail(code: string | null) {
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const [state, setState] = useState<{ code: string; detail: AdminOrderDetail | null; error: string | null } | null>(
    null,
  );
  const load = useCallback(
    async (wanted: string) => {
      try {
        const detail = await adminApi.call(api.orders.one, { params: wanted });
        setState({ code: wanted, detail, error: null });
      } catch (err) {
        setState({ code: wanted, detail: null, error: errorText(err, t`The order could not be loaded.`) });
      }
    },
    [errorText, t],
  );
  useEffect(() => {
    if (code !== null) void load(code);
  }, [code, load]);
  const current = state && state.code === code ? state : null;
  return {
    detail: current?.detail ?? null,
    error: current?.error ?? null,
    retry: () => (code !== null ? load(code) : Promise.resolve()),
    set: (detail: AdminOrderDetail) => setState({ code: detail.code, detail, error: null }),
  };
}

export function OrderModal({
  code: openCode,
  order,
  onClose,
  onChanged,
}: {
  /** The order to show; null keeps the view closed. */
  code: string | null;
  /** What the list already knows of it, shown until the full order is read. */
  order?: AdminOrder | null;
  onClose: () => void;
  onChanged: (o: AdminOrderDetail) => void;
}) {
  const { t } = useLingui();
  const { detail, error, retry, set } = useOrderDetail(openCode);
  const actions = useOrderActions(
    detail,
    (next) => {
      set(next);
      onChanged(next);
    },
    onClose,
  );
  const shown: AdminOrder | null = detail ?? (order && order.code === openCode ? order : null);
  const code = openCode ?? "";

  return (
    <>
      <Dialog open={openCode !== null} title={t`Order #${code}`} onClose={onClose} size="wide">
        <div className="admin-order-view">
          {shown ? (
            <>
              <OrderFacts order={shown} />
              <OrderLines order={shown} />
            </>
          ) : null}
          {error ? (
            <p className="admin-message admin-message--error" role="alert">
              {error}{" "}
              <button type="button" className="btn btn--link btn--sm" onClick={() => void retry()}>
                <Trans>Retry</Trans>
              </button>
            </p>
          ) : null}
          {!shown && !error ? (
            <p className="loading" role="status">
              <Trans>Loading…</Trans>
            </p>
          ) : null}
          {detail ? (
            <>
              {detail.actions.includes("fulfil") && detail.toFulfil.length > 0 ? (
                <FulfilForm key={detail.version} lines={detail.toFulfil} busy={actions.busy} onSend={actions.fulfil} />
              ) : null}
              <OrderCodes order={detail} onReplace={actions.replace} />
              <OrderHistory order={detail} />
            </>
          ) : null}
          {shown ? <CustomerNotes notes={shown.notes} /> : null}
          {actions.buttons}
        </div>
      </Dialog>
      {actions.dialogs}
    </>
  );
}
