/** Cancel and submit at the foot of an admin form in a dialog; both wait while the form is being sent. */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

interface FormActionsProps {
  busy: boolean;
  onCancel: () => void;
  /** Save unless told otherwise. */
  submitLabel?: ReactNode;
  /** Saving... unless told otherwise. */
  busyLabel?: ReactNode;
}

export function FormActions({
  busy,
  onCancel,
  submitLabel = <Trans>Save</Trans>,
  busyLabel = <Trans>Saving...</Trans>,
}: FormActionsProps) {
  return (
    <div className="dialog__actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </button>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
