/** The frame every settings tab shares: its fields, the note that a change waits in the outbox, and the submit
 * button. */
import type { FormEvent, ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { useOutbox } from "../../../local/admin-outbox.ts";

/** Says that a change of this setting waits in the outbox (nothing when none does). */
function PendingNote({ entity }: { entity: string }) {
  const { rows } = useOutbox();
  const waiting = rows.filter((r) => r.entity === entity).length;
  if (waiting === 0) return null;
  return (
    <p className="admin-message admin-message--pending" role="status" data-testid={`pending-${entity}`}>
      <Trans>This change is waiting to be sent.</Trans>
    </p>
  );
}

interface SettingsFormProps {
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  /** Until the setting's stored value has loaded, the fields show their defaults and take no change: a change made
   * then would be overwritten by the value as it loads, or saved over the stored one in the fields' defaults. */
  loading?: boolean;
  /** The submit button's text. */
  submit: ReactNode;
  /** The outbox entity whose waiting change is noted under the fields (none for changes never queued). */
  pendingEntity?: string;
  noValidate?: boolean;
  children: ReactNode;
}

export function SettingsForm({
  onSubmit,
  busy,
  loading = false,
  submit,
  pendingEntity,
  noValidate,
  children,
}: SettingsFormProps) {
  return (
    <form
      className="admin-settings-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate={noValidate}
      aria-busy={loading || undefined}
    >
      <fieldset className="admin-settings-form__fields" disabled={loading}>
        {children}
      </fieldset>
      {pendingEntity === undefined ? null : <PendingNote entity={pendingEntity} />}
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy || loading}>
          {submit}
        </button>
      </div>
    </form>
  );
}
