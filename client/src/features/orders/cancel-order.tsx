/** "Cancel this order": the shopper gives up an order still awaiting payment, from its private page or the page they
 * come back to from the payment provider; its codes go back on sale at once instead of waiting for its expiry. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toast.tsx";
import { cancelOrder } from "../../api/orders.ts";

export function CancelOrderButton({ token, onCancelled }: { token: string; onCancelled: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const answer = await cancelOrder(token);
    setBusy(false);
    setAsking(false);
    if (answer === "cancelled") toast.success(t`Order cancelled`);
    else if (answer === "refused") toast.error(t`This order can no longer be cancelled.`);
    else toast.error(t`Something went wrong. Please try again.`);
    onCancelled();
  };
  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
        <Trans>Cancel this order</Trans>
      </button>
      <ConfirmDialog
        open={asking}
        title={<Trans>Cancel this order?</Trans>}
        message={<Trans>Nothing has been paid. The order is cancelled now and its items go back on sale.</Trans>}
        confirmLabel={<Trans>Cancel order</Trans>}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
