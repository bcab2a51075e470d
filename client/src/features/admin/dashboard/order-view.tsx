/** The admin's order view: who ordered, where the order stands, what each line costs, the promo, the total and
 * the customer's notes — what the operator needs to collect a payment. "Mark as paid" asks first, naming the
 * amount. */
import { useId, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "@store/shared/currency";
import { adminOrderSchema } from "@store/shared/schemas/orders";
import { adminApi } from "../../../api/admin-client.ts";
import { ConfirmDialog, Dialog } from "../../../ui/dialog.tsx";
import { toast } from "../../../ui/toast.tsx";
import type { AdminOrder } from "./dashboard-data.ts";

export function useFormatDate() {
  const { i18n } = useLingui();
  return (ms: number, withTime = false) =>
    i18n.date(new Date(ms), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

/** Amounts of one order, in its own currency and the console's language. */
function useOrderMoney(order: Pick<AdminOrder, "currency">): (minor: number) => string {
  const { i18n } = useLingui();
  return (minor) => formatMoney(minor, order.currency, i18n.locale);
}

function StatusLabel({ status }: { status: AdminOrder["status"] }) {
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

/** One term and its value in a <dl>. */
function Fact({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function OrderFacts({ order }: { order: AdminOrder }) {
  const formatDate = useFormatDate();
  return (
    <dl className="admin-facts">
      <Fact term={<Trans>Customer</Trans>}>{order.customer.name.trim() || <Trans>Guest</Trans>}</Fact>
      <Fact term={<Trans>Email</Trans>}>
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
      <div className="admin-table-scroll">
        <table className="admin-table admin-order-lines">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col" className="admin-num">
                <Trans>Unit price</Trans>
              </th>
              <th scope="col" className="admin-num">
                <Trans>Qty</Trans>
              </th>
              <th scope="col" className="admin-num">
                <Trans>Line total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
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

export function OrderModal({
  order,
  onClose,
  onChanged,
}: {
  order: AdminOrder | null;
  onClose: () => void;
  onChanged: (o: AdminOrder) => void;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const code = order?.code ?? "";
  const canMarkPaid = order !== null && order.status === "pending_payment" && order.paymentProvider === "manual";
  const total = order ? formatMoney(order.total, order.currency, i18n.locale) : "";

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
      setConfirming(false);
    }
  }

  return (
    <>
      <Dialog
        open={order !== null}
        title={t`Order #${code}`}
        onClose={() => {
          setConfirming(false);
          onClose();
        }}
        size="wide"
      >
        {order ? (
          <div className="admin-order-view">
            <OrderFacts order={order} />
            <OrderLines order={order} />
            <CustomerNotes notes={order.notes} />
            <div className="dialog__actions admin-dialog-footer">
              {canMarkPaid ? (
                <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)} disabled={busy}>
                  <Trans>Mark as paid</Trans>
                </button>
              ) : null}
              <button type="button" className="btn btn--secondary" onClick={onClose} autoFocus>
                <Trans>Close</Trans>
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirming && canMarkPaid}
        title={<Trans>Mark as paid?</Trans>}
        message={
          <Trans>
            Mark order <bdi>{code}</bdi> as paid? Total: <bdi>{total}</bdi>
          </Trans>
        }
        confirmLabel={<Trans>Mark as paid</Trans>}
        busy={busy}
        onConfirm={() => void markPaid()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
