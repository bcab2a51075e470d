/** The header's 'N pending changes' badge and the panel listing
 * queued edits, with conflict resolution (docs/decisions.md D17). */
import { useEffect, useState, type ReactNode } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { useOutbox } from "../../../local/admin-outbox.ts";
import type { AdminOutboxRow } from "../../../local/db.ts";
import { Dialog } from "../../../ui/dialog.tsx";
import { errorText } from "../panel/admin-request.ts";
import { refusalText } from "../../../i18n/error-messages.ts";
import { useOnline } from "../../checkout/use-online.ts";
import { conflictFields, fieldName } from "./conflict-fields.ts";

/** Past this share of the browser's quota for the site, the operator is warned that edits may soon be refused. */
const STORAGE_WARNING_RATIO = 0.9;

export function storageNearlyFull(estimate: { usage?: number; quota?: number }): boolean {
  const { usage, quota } = estimate;
  return usage !== undefined && quota !== undefined && quota > 0 && usage / quota >= STORAGE_WARNING_RATIO;
}

/** When the connection drops and each time the queue grows: when the device's storage for the site is nearly full,
 * the operator hears it before an edit is refused for lack of room (docs/decisions.md D17). */
function useStorageWarning(count: number): void {
  const { t } = useLingui();
  const online = useOnline();
  useEffect(() => {
    if ((count === 0 && online) || typeof navigator.storage?.estimate !== "function") return;
    let live = true;
    void navigator.storage
      .estimate()
      .then((estimate) => {
        if (live && storageNearlyFull(estimate))
          toast.error(t`This device is nearly out of storage`, {
            id: "outbox-storage",
            description: t`Edits saved offline may soon be refused. Reconnect to send them, or free some space.`,
            duration: Number.POSITIVE_INFINITY,
          });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [count, online, t]);
}

export function PendingChangesButton() {
  const outbox = useOutbox();
  const [open, setOpen] = useState(false);
  useStorageWarning(outbox.count);
  if (outbox.count === 0) return null;
  const hasConflict = outbox.conflicts.length > 0 || outbox.rows.some((r) => r.status === "failed");
  return (
    <>
      <button
        type="button"
        className={hasConflict ? "admin-pending admin-pending--alert" : "admin-pending"}
        onClick={() => setOpen(true)}
        data-testid="pending-changes"
        aria-haspopup="dialog"
      >
        <Plural value={outbox.count} one="# pending change" other="# pending changes" />
      </button>
      <PendingChangesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function StatusText({ row }: { row: AdminOutboxRow }) {
  switch (row.status) {
    case "pending":
      return <Trans>Waiting to be sent</Trans>;
    case "sending":
      return <Trans>Sending...</Trans>;
    case "conflict":
      return <Trans>Changed on the server since you edited it</Trans>;
    case "failed":
      return <Trans>Refused by the server</Trans>;
  }
}

function PendingChangesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const outbox = useOutbox();

  async function act(fn: () => Promise<unknown>) {
    try {
      await fn();
    } catch (err) {
      toast.error(t`The change could not be sent`, {
        description: errorText(err, t`Something went wrong. Please try again.`),
      });
    }
  }

  return (
    <Dialog open={open} title={t`Pending changes`} onClose={onClose} size="wide">
      {outbox.paused ? (
        <p className="admin-message admin-message--error" role="alert">
          <Trans>Your session has expired. Sign in again to send your pending changes.</Trans>
        </p>
      ) : null}
      {outbox.rows.length === 0 ? (
        <p className="muted">
          <Trans>Everything has been sent.</Trans>
        </p>
      ) : (
        <ol className="admin-outbox" data-testid="pending-list">
          {outbox.rows.map((row) => {
            const id = row.id ?? 0;
            return (
              <li key={id} className={`admin-outbox__row admin-outbox__row--${row.status}`}>
                <div className="admin-outbox__main">
                  <strong>{row.label ?? `${row.method} ${row.path}`}</strong>
                  <span className="muted">
                    {i18n.date(new Date(row.createdAt), { dateStyle: "short", timeStyle: "short" })}
                  </span>
                  <span>
                    <StatusText row={row} />
                  </span>
                  {row.error && (row.status === "conflict" || row.status === "failed") ? (
                    <span className="muted">
                      {refusalText(i18n, { ...row.refusal, message: row.error }, row.refusal?.fieldCodes)}
                    </span>
                  ) : null}
                  {row.status === "conflict" ? <BothVersions row={row} /> : null}
                </div>
                <div className="admin-outbox__actions">
                  {row.status === "conflict" ? (
                    <Choices
                      send={[<Trans>Keep mine</Trans>, () => void act(() => outbox.keepMine(id))]}
                      drop={[<Trans>Keep theirs</Trans>, () => void act(() => outbox.keepTheirs(id))]}
                    />
                  ) : null}
                  {row.status === "failed" ? (
                    <Choices
                      send={[<Trans>Retry</Trans>, () => void act(() => outbox.retry(id))]}
                      drop={[<Trans>Discard</Trans>, () => void act(() => outbox.discard(id))]}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={outbox.replaying || outbox.paused || outbox.rows.length === 0}
          onClick={() => void act(() => outbox.replayNow())}
        >
          <Trans>Send now</Trans>
        </button>
        <button type="button" className="btn btn--primary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Dialog>
  );
}

/** A queued edit's two ways out, each a label and its action: send it (again), or drop it. */
function Choices({ send, drop }: { send: [ReactNode, () => void]; drop: [ReactNode, () => void] }) {
  return (
    <>
      <button type="button" className="btn btn--sm btn--primary" onClick={send[1]}>
        {send[0]}
      </button>
      <button type="button" className="btn btn--sm btn--secondary" onClick={drop[1]}>
        {drop[0]}
      </button>
    </>
  );
}

/** A conflict's two versions: what my queued edit sets, and what the server holds now (when the 409 said it). */
function BothVersions({ row }: { row: AdminOutboxRow }) {
  const { i18n } = useLingui();
  const fields = conflictFields(row.body, row.serverCopy);
  if (fields.length === 0) return null;
  return (
    <table className="admin-outbox__versions" data-testid="conflict-versions">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Field</Trans>
          </th>
          <th scope="col">
            <Trans>Your version</Trans>
          </th>
          <th scope="col">
            <Trans>On the server</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.field}>
            <th scope="row">{fieldName(i18n, f.field)}</th>
            <td dir="auto">{f.mine}</td>
            <td dir="auto">{f.theirs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On the sign-in page: edits queued on this device (perhaps met by an expired session in the background) wait for
 * this sign-in to be sent. */
export function WaitingForSignIn() {
  const { count } = useOutbox();
  if (count === 0) return null;
  return (
    <p className="admin-message" role="status" data-testid="waiting-for-sign-in">
      <Plural
        value={count}
        one="# change made on this device waits to be sent. Sign in to send it."
        other="# changes made on this device wait to be sent. Sign in to send them."
      />
    </p>
  );
}
