/** The admin order view's actions (docs/decisions.md D10): mark paid (manual mode), resend the delivery email,
 * replace a code, cancel, mark refunded, and fulfil (the "Fulfil order" form sends a paid order's manual codes). The server says which ones the order's state allows; those that change
 * money or codes ask first. Each answer is the order as it now stands. */
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "@store/shared/currency";
import {
  type AdminOrderAction,
  type AdminOrderCode,
  type AdminOrderDetail,
  type FulfilOrderRequest,
} from "@store/shared/schemas/orders";
import { isQueued } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";
import * as api from "../../../api/admin-endpoints.ts";
import type { OrderNoteAction } from "../../../api/admin-endpoints.ts";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { toast } from "../../../ui/toast.tsx";
import { useAdminErrorText } from "../stock/admin-errors.ts";

/** The actions that take only a note, by their endpoint's name for them. */
const NOTE_ACTIONS: Record<Exclude<AdminOrderAction, "replace_code" | "fulfil">, OrderNoteAction> = {
  mark_paid: "mark-paid",
  resend_delivery: "resend-delivery",
  cancel: "cancel",
  refund: "refund",
};

type Asking = { action: Exclude<AdminOrderAction, "resend_delivery" | "fulfil">; code?: AdminOrderCode } | null;

export interface OrderActionsUi {
  /** The footer's buttons. */
  buttons: ReactNode;
  /** The confirmations, to render beside (not inside) the order's dialog. */
  dialogs: ReactNode;
  /** Asks to replace one of the order's codes; undefined when the order's state does not allow it. */
  replace: ((code: AdminOrderCode) => void) | undefined;
  /** Sends the "Fulfil order" form; answers the refusal's text, or null when the order was delivered. */
  fulfil: (body: FulfilOrderRequest) => Promise<string | null>;
  /** Whether an action is under way. */
  busy: boolean;
}

export function useOrderActions(
  order: AdminOrderDetail | null,
  onChanged: (order: AdminOrderDetail) => void,
  onClose: () => void,
): OrderActionsUi {
  const { t, i18n } = useLingui();
  const errorText = useAdminErrorText();
  const changeToasts = useChangeToasts();
  const [busy, setBusy] = useState<AdminOrderAction | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const allowed = (a: AdminOrderAction) => order !== null && order.actions.includes(a);
  const code = order?.code ?? "";
  const total = order ? formatMoney(order.total, order.currency, i18n.locale) : "";

  const done: Record<AdminOrderAction, () => string> = {
    mark_paid: () => t`Order marked as paid`,
    resend_delivery: () => t`The delivery email will be sent again`,
    replace_code: () => t`Code replaced; the new one is being mailed`,
    cancel: () => t`Order cancelled`,
    refund: () => t`Order marked as refunded`,
    fulfil: () => t`Codes sent; the order is delivered`,
  };
  const queuedLabel: Record<AdminOrderAction, (code: string) => string> = {
    mark_paid: (c) => t`Mark order ${c} as paid`,
    resend_delivery: (c) => t`Resend the delivery email of order ${c}`,
    replace_code: (c) => t`Replace a code of order ${c}`,
    cancel: (c) => t`Cancel order ${c}`,
    refund: (c) => t`Mark order ${c} as refunded`,
    fulfil: (c) => t`Send the codes of order ${c}`,
  };
  const failed: Record<AdminOrderAction, () => string> = {
    mark_paid: () => t`Failed to mark the order as paid`,
    resend_delivery: () => t`The delivery email could not be sent again`,
    replace_code: () => t`The code could not be replaced`,
    cancel: () => t`The order could not be cancelled`,
    refund: () => t`The order could not be marked as refunded`,
    fulfil: () => t`The codes could not be sent`,
  };

  /** Runs an action; answers the refusal's text, or null when it was done (or queued). */
  async function run(action: AdminOrderAction, target?: AdminOrderCode, fulfilBody?: FulfilOrderRequest) {
    if (!order || busy) return t`Please wait for the current action to finish.`;
    setBusy(action);
    try {
      const at = order.code;
      // Offline, the action waits in the outbox with this order's other actions (docs/decisions.md D17); not a
      // fulfilment, whose codes must not wait on the device in clear.
      const queued = { queueOffline: { entity: "order", entityId: at, label: queuedLabel[action](at) } };
      const updated =
        action === "fulfil"
          ? await adminApi.call(api.orders.fulfil, { params: at, body: fulfilBody ?? { lines: [] } })
          : action === "replace_code"
            ? await adminApi.call(api.orders.replaceCode, { params: at, body: { codeId: target?.id ?? "" } }, queued)
            : await adminApi.call(
                api.orders.act,
                { params: { code: at, action: NOTE_ACTIONS[action] }, body: {} },
                queued,
              );
      toast.success(done[action]());
      onChanged(updated);
      return null;
    } catch (err) {
      if (isQueued(err)) {
        changeToasts.queued(queuedLabel[action](order.code));
        return null;
      }
      const text = errorText(err, t`Something went wrong. Please try again.`);
      toast.error(failed[action](), { description: text });
      return text;
    } finally {
      setBusy(null);
      setAsking(null);
    }
  }

  const button = (action: AdminOrderAction, label: ReactNode, kind: string, onClick: () => void) =>
    allowed(action) ? (
      <button type="button" className={`btn ${kind}`} onClick={onClick} disabled={busy !== null}>
        {label}
      </button>
    ) : null;

  const buttons = (
    <div className="dialog__actions admin-dialog-footer">
      {button("mark_paid", <Trans>Mark as paid</Trans>, "btn--primary", () => setAsking({ action: "mark_paid" }))}
      {button(
        "resend_delivery",
        <Trans>Resend delivery email</Trans>,
        "btn--secondary",
        () => void run("resend_delivery"),
      )}
      {button("refund", <Trans>Mark refunded</Trans>, "btn--danger", () => setAsking({ action: "refund" }))}
      {button("cancel", <Trans>Cancel order</Trans>, "btn--danger", () => setAsking({ action: "cancel" }))}
      <button type="button" className="btn btn--secondary" onClick={onClose} autoFocus>
        <Trans>Close</Trans>
      </button>
    </div>
  );

  const masked = asking?.code?.masked ?? "";
  const confirmations: Record<
    NonNullable<Asking>["action"],
    { title: ReactNode; message: ReactNode; label: ReactNode; tone?: "primary" }
  > = {
    mark_paid: {
      title: <Trans>Mark as paid?</Trans>,
      message: (
        <Trans>
          Mark order <bdi>{code}</bdi> as paid? Total: <bdi>{total}</bdi>
        </Trans>
      ),
      label: <Trans>Mark as paid</Trans>,
      // Taking a payment takes nothing away: not the red of cancelling or refunding.
      tone: "primary",
    },
    cancel: {
      title: <Trans>Cancel this order?</Trans>,
      message: (
        <Trans>
          Order <bdi>{code}</bdi> will be cancelled and its reserved codes go back to stock. This cannot be undone.
        </Trans>
      ),
      label: <Trans>Cancel order</Trans>,
    },
    refund: {
      title: <Trans>Mark this order as refunded?</Trans>,
      // Only Stripe's and Paymob's payments are refunded by the store itself (the server asks the provider first); for
      // the others the operator must send the money back, and the dialog says so before anything is changed.
      message:
        order?.paymentProvider === "stripe" ? (
          <Trans>
            Order <bdi>{code}</bdi> will be refunded through Stripe: <bdi>{total}</bdi> goes back to the customer's
            card, and its codes are revoked, so they no longer work. This cannot be undone.
          </Trans>
        ) : order?.paymentProvider === "paymob" ? (
          <Trans>
            Order <bdi>{code}</bdi> will be refunded through Paymob: <bdi>{total}</bdi> goes back to the customer's card
            or wallet, and its codes are revoked, so they no longer work. This cannot be undone.
          </Trans>
        ) : (
          <Trans>
            Order <bdi>{code}</bdi> will be marked as refunded and its codes revoked, so they no longer work. The store
            does not send this payment back: return <bdi>{total}</bdi> to the customer yourself (by the way they paid,
            or in Konnect's dashboard). This cannot be undone.
          </Trans>
        ),
      label: <Trans>Mark refunded</Trans>,
    },
    replace_code: {
      title: <Trans>Replace this code?</Trans>,
      message: (
        <Trans>
          The code <bdi>{masked}</bdi> will be revoked and a new code from stock mailed to the customer.
        </Trans>
      ),
      label: <Trans>Replace code</Trans>,
    },
  };
  const current = asking ? confirmations[asking.action] : null;

  const dialogs = (
    <ConfirmDialog
      open={asking !== null && allowed(asking.action)}
      title={current?.title ?? ""}
      message={current?.message ?? ""}
      confirmLabel={current?.label ?? ""}
      tone={current?.tone}
      busy={busy !== null}
      onConfirm={() => {
        if (asking) void run(asking.action, asking.code);
      }}
      onCancel={() => setAsking(null)}
    />
  );

  return {
    buttons,
    dialogs,
    replace: allowed("replace_code") ? (target) => setAsking({ action: "replace_code", code: target }) : undefined,
    fulfil: (body) => run("fulfil", undefined, body),
    busy: busy !== null,
  };
}
