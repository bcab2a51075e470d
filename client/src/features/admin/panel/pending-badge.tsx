/** Marks an entity whose edit waits in the offline outbox (docs/decisions.md D17). */
import { Trans } from "@lingui/react/macro";
import type { OutboxStatus } from "../../../local/db.ts";

export function PendingBadge({ status }: { status: OutboxStatus | undefined }) {
  if (status === undefined) return null;
  return (
    <span className={`chip ac-status--${status === "sending" ? "pending" : status}`} data-testid="pending-badge">
      {status === "pending" ? <Trans>Pending</Trans> : null}
      {status === "sending" ? <Trans>Sending...</Trans> : null}
      {status === "conflict" ? <Trans>Conflict</Trans> : null}
      {status === "failed" ? <Trans>Failed</Trans> : null}
    </span>
  );
}
