/** Admin > Block list (docs/decisions.md D37): block an email, an email domain, an address range or a phone
 * country code with a reason, remove an entry, and read the checkouts the list refused. Blocking needs the network:
 * an entry is not queued offline, since a checkout is only refused once the server has it. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { BLOCK_KINDS, type BlockEntry, type BlockKind } from "@store/shared/schemas/block-list";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { toast } from "../../../ui/toast.tsx";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { useOnline } from "../../checkout/use-online.ts";
import { useFormatDate } from "../dashboard/order-view.tsx";
import { AdminForm } from "../panel/admin-form.tsx";
import { errorText, fieldErrorsOf, useAdminResource } from "../panel/admin-request.ts";
import { FormField } from "../panel/form-field.tsx";
import { CodeInput } from "../panel/code-input.tsx";
import { ListState } from "../panel/list-state.tsx";
import "../panel/panels.css";
import { AdminTable, LtrCell } from "../panel/admin-table.tsx";

/** An example value per kind, shown as the field's placeholder. */
const PLACEHOLDERS: Record<BlockKind, string> = {
  email: "name@example.com",
  domain: "example.com",
  cidr: "203.0.113.0/24",
  country: "+216",
};

/** How a stored value reads: a calling code with its plus sign. */
function shownValue(entry: { kind: BlockKind; value: string }): string {
  return entry.kind === "country" ? `+${entry.value}` : entry.value;
}

function useKindLabel(): (kind: BlockKind) => string {
  const { t } = useLingui();
  return (kind) => {
    switch (kind) {
      case "email":
        return t`Email address`;
      case "domain":
        return t`Email domain`;
      case "cidr":
        return t`Address range`;
      case "country":
        return t`Phone country code`;
    }
  };
}

export function BlockListPanel() {
  const { t } = useLingui();
  const id = useId();
  const online = useOnline();
  const kindLabel = useKindLabel();
  const formatDate = useFormatDate();
  const list = useAdminResource(api.blockList.list);
  const [kind, setKind] = useState<BlockKind>("email");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<BlockEntry | null>(null);
  const [removing, setRemoving] = useState(false);

  async function add() {
    if (adding) return;
    if (value.trim() === "") {
      setErrors({ value: t`Enter what to block.` });
      return;
    }
    setErrors({});
    setFormError(null);
    setAdding(true);
    try {
      await adminApi.call(api.blockList.add, { body: { kind, value, reason } });
      toast.success(t`Blocked: ${value.trim()}`);
      setValue("");
      setReason("");
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (!fields.value) setFormError(errorText(err, t`The entry could not be added.`));
    } finally {
      setAdding(false);
      void list.reload();
    }
  }

  async function remove() {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await adminApi.call(api.blockList.remove, { params: toRemove.id });
      toast.success(t`Removed from the block list`);
    } catch (err) {
      toast.error(errorText(err, t`The entry could not be removed.`));
    } finally {
      setRemoving(false);
      setToRemove(null);
      void list.reload();
    }
  }

  const failure =
    list.error !== null
      ? { message: <Trans>The block list could not be loaded.</Trans>, retry: () => void list.reload() }
      : undefined;

  return (
    <section className="ac-panel" aria-labelledby={`${id}-title`} data-testid="block-list-panel">
      <div className="ac-box">
        <h2 id={`${id}-title`}>
          <Trans>Block list</Trans>
        </h2>
        <p className="ac-hint">
          <Trans>
            Checkouts that match an entry are refused. The shopper only reads: “We could not take this order. Please
            contact us.”
          </Trans>
        </p>
        <AdminForm className="ac-inline-form ac-form" onSubmit={add}>
          <div className="field">
            <label htmlFor={`${id}-kind`}>
              <Trans>What to block</Trans>
            </label>
            <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.currentTarget.value as BlockKind)}>
              {BLOCK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k)}
                </option>
              ))}
            </select>
          </div>
          <FormField id={`${id}-value`} label={<Trans>Value</Trans>} error={errors.value} announce>
            <CodeInput
              id={`${id}-value`}
              value={value}
              placeholder={PLACEHOLDERS[kind]}
              invalid={Boolean(errors.value)}
              onChange={setValue}
            />
          </FormField>
          <FormField id={`${id}-reason`} label={<Trans>Reason</Trans>} error={errors.reason}>
            <input
              id={`${id}-reason`}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormField>
          <button type="submit" className="btn btn--primary" disabled={adding || !online}>
            {adding ? <Trans>Blocking…</Trans> : <Trans>Block</Trans>}
          </button>
        </AdminForm>
        {online ? null : (
          <p className="ac-hint" role="status">
            <Trans>Blocking needs the network. Try again when you are back online.</Trans>
          </p>
        )}
        {formError ? (
          <p className="ac-field-error" role="alert">
            {formError}
          </p>
        ) : null}
      </div>

      <div className="ac-box">
        <h3>
          <Trans>Blocked entries</Trans>
        </h3>
        <ListState items={list.data?.entries} empty={<Trans>Nothing is blocked.</Trans>} failure={failure}>
          {(entries) => (
            <ul className="ac-list" data-testid="block-entries">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <div className="ac-row" data-testid="block-entry">
                    <span className="ac-row__main">
                      <span className="muted">{kindLabel(entry.kind)}</span>
                      <bdi className="ac-row__name" dir="ltr">
                        {shownValue(entry)}
                      </bdi>
                      {entry.reason ? <span>{entry.reason}</span> : null}
                      <span className="muted">{t`Added by ${entry.createdBy} on ${formatDate(entry.createdAt)}`}</span>
                    </span>
                    <span className="ac-row__actions">
                      <button
                        type="button"
                        className="btn btn--sm btn--danger"
                        aria-label={t`Remove ${shownValue(entry)}`}
                        disabled={!online}
                        onClick={() => setToRemove(entry)}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>

      <div className="ac-box">
        <h3 id={`${id}-attempts`}>
          <Trans>Recent blocked attempts</Trans>
        </h3>
        <ListState items={list.data?.attempts} empty={<Trans>No checkout was refused.</Trans>} failure={failure}>
          {(attempts) => (
            <AdminTable
              aria-labelledby={`${id}-attempts`}
              data-testid="blocked-attempts"
              columns={[
                { title: <Trans>When</Trans> },
                { title: <Trans>Matched</Trans> },
                { title: <Trans>Email</Trans> },
                { title: <Trans>Client address</Trans> },
                { title: <Trans>Phone</Trans> },
              ]}
            >
              {attempts.map((a) => (
                <tr key={a.id}>
                  <td>{formatDate(a.at, true)}</td>
                  <td>
                    {kindLabel(a.kind)}: <bdi dir="ltr">{shownValue(a)}</bdi>
                  </td>
                  <LtrCell>{a.email}</LtrCell>
                  <LtrCell>{a.address}</LtrCell>
                  <LtrCell>{a.phone}</LtrCell>
                </tr>
              ))}
            </AdminTable>
          )}
        </ListState>
      </div>

      <ConfirmDialog
        open={toRemove !== null}
        title={<Trans>Remove from the block list?</Trans>}
        message={<Trans>Checkouts matching {toRemove ? shownValue(toRemove) : ""} will be taken again.</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        busy={removing}
        onConfirm={() => void remove()}
        onCancel={() => setToRemove(null)}
      />
    </section>
  );
}
