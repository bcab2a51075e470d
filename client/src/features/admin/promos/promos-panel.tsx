/** Admin > Promos (docs/decisions.md D8, D19): add a code with a percent, an optional last day and usage limit,
 * switch it on and off, change its percent and limits, delete it. */
import { useId, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { promoCreateSchema, promoPercentSchema, type Promo } from "@store/shared/schemas/promos";
import * as api from "../../../api/admin-endpoints.ts";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { pendingActive } from "../panel/pending-edits.ts";
import { ActiveSwitch } from "../panel/active-switch.tsx";
import { ListState } from "../panel/list-state.tsx";
import { fieldErrorsFromIssues, firstError } from "../panel/field-errors.ts";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { parsePromoForm, parsePromoLimits, untilInputValue } from "./promo-form-model.ts";
import { useFormatDate } from "../dashboard/order-view.tsx";
import { DeleteButton } from "../panel/row-buttons.tsx";
import { saveTo, type EntityKind } from "../panel/entity-editor/entity-kind.ts";
import { useEntityList } from "../panel/entity-editor/use-entity-list.ts";
import { useEntityEditor } from "../panel/entity-editor/use-entity-editor.ts";
import { useEntityForm } from "../panel/entity-editor/use-entity-form.ts";
import { EntityDeleteDialog, InlineAddBox } from "../panel/entity-editor/entity-editor-parts.tsx";
import { FormField } from "../panel/form-field.tsx";
import { CodeInput } from "../panel/code-input.tsx";
import "../panel/panels.css";
import { AdminForm } from "../panel/admin-form.tsx";
import { WholeNumberInput } from "../panel/whole-number-input.tsx";

const PROMOS = { entity: "promo", api: api.promos, key: "code", name: "code" } satisfies EntityKind<Promo>;

/** What a promo's row changes in place. */
type PromoPatch = { active?: boolean; percent?: number; expiresAt?: number | null; maxUses?: number | null };

export function PromosPanel() {
  const { t } = useLingui();
  const id = useId();
  const promos = useEntityList(PROMOS, {
    from: api.promos.list,
    rows: (data) => [...data].sort((a, b) => a.code.localeCompare(b.code)),
    loadFailed: () => toast.error(t`Failed to load promos`),
  });
  const { pending } = promos;
  const editor = useEntityEditor(PROMOS, promos, {
    remove: {
      label: (promo) => t`Delete promo: ${promo.code}`,
      done: t`Promo deleted`,
      failTitle: t`Failed to delete promo`,
    },
  });
  const form = useEntityForm({ form: "promo" });
  const [code, setCode] = useState("");
  const [percent, setPercent] = useState("");
  const [limitTexts, setLimitTexts] = useState<LimitTexts>({ until: "", maxUses: "" });
  const [formError, setFormError] = useState<string | null>(null);

  const limitsError = (reason: "date" | "maxUses") =>
    reason === "date" ? t`Enter a valid date.` : t`Enter a usage limit from 1 to 1,000,000, or leave it empty.`;

  function clearForm() {
    setCode("");
    setPercent("");
    setLimitTexts({ until: "", maxUses: "" });
  }

  async function add() {
    if (form.busy) return;
    const parsed = parsePromoForm(code, percent);
    if (!parsed.ok) {
      // docs/product.md: creation is skipped when the code is empty or the percent is 0 or not a number.
      setFormError(parsed.reason === "code" ? t`Enter a promo code.` : t`Enter a percent from 1 to 100.`);
      return;
    }
    const limits = parsePromoLimits(limitTexts.until, limitTexts.maxUses);
    if (!limits.ok) {
      setFormError(limitsError(limits.reason));
      return;
    }
    const check = promoCreateSchema.safeParse({ ...parsed.value, ...limits.value });
    if (!check.success) {
      setFormError(firstError(fieldErrorsFromIssues(check.error.issues, "promo")) ?? t`Enter a promo code.`);
      return;
    }
    setFormError(null);
    const body = check.data;
    await form.save({
      subject: body.code,
      send: () => saveTo(PROMOS, { existing: null, body }, t`Promo: ${body.code}`),
      saved: () => toast.success(t`Promo added`),
      done: clearForm,
      failTitle: t`Failed to add promo`,
    });
    promos.reload();
  }

  const busyCode = editor.busyId;
  const update = (promo: Promo, patch: PromoPatch, label: string) =>
    editor.update(promo, patch, { label, done: t`Promo updated`, failTitle: t`Failed to update promo` });

  return (
    <section className="ac-panel" aria-labelledby={`${id}-title`}>
      <InlineAddBox titleId={`${id}-title`} title={<Trans>Promos</Trans>} onSubmit={add} error={formError}>
        <FormField id={`${id}-code`} label={<Trans>Promo code</Trans>}>
          <CodeInput
            id={`${id}-code`}
            value={code}
            placeholder="SAVE10"
            capitals
            onChange={(typed) => setCode(typed.toUpperCase())}
          />
        </FormField>
        <FormField id={`${id}-percent`} label={<Trans>Percent</Trans>}>
          <WholeNumberInput id={`${id}-percent`} min={1} max={100} value={percent} onChange={setPercent} />
        </FormField>
        <LimitInputs id={id} texts={limitTexts} onChange={setLimitTexts} labels={[t`Valid until`, t`Usage limit`]} />
        <button type="submit" className="btn btn--primary" disabled={form.busy}>
          {form.busy ? <Trans>Adding...</Trans> : <Trans>Add Promo</Trans>}
        </button>
      </InlineAddBox>

      <PendingCreations rows={pending.creations} />

      <ListState
        items={promos.items}
        empty={<Trans>No promo codes yet.</Trans>}
        failure={promos.failure(<Trans>Promos could not be loaded.</Trans>)}
      >
        {(items) => (
          <ul className="ac-list">
            {items.map((p) => (
              <li key={`${p.code}@${p.version}`}>
                <PromoRow
                  promo={p}
                  active={pendingActive(pending, p.code) ?? p.active}
                  busy={busyCode === p.code}
                  status={pending.byId.get(p.code)}
                  onToggle={(active) =>
                    update(p, { active }, active ? t`Turn on promo: ${p.code}` : t`Turn off promo: ${p.code}`)
                  }
                  onPercent={(value) => update(p, { percent: value }, t`Promo ${p.code}: ${value}%`)}
                  onLimits={(limits) => update(p, limits, t`Promo ${p.code}: limits`)}
                  limitsError={limitsError}
                  onDelete={() => editor.askDelete(p)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListState>

      <EntityDeleteDialog
        editor={editor}
        title={<Trans>Delete promo?</Trans>}
        message={(toDelete) => <Trans>The code {toDelete?.code ?? ""} will stop working. This cannot be undone.</Trans>}
      />
    </section>
  );
}

interface PromoRowProps {
  promo: Promo;
  /** The state shown, including a queued offline change. */
  active: boolean;
  busy: boolean;
  status: Parameters<typeof PendingBadge>[0]["status"];
  onToggle: (active: boolean) => void;
  onPercent: (percent: number) => void;
  onLimits: (limits: { expiresAt: number | null; maxUses: number | null }) => void;
  limitsError: (reason: "date" | "maxUses") => string;
  onDelete: () => void;
}

function PromoRow(props: PromoRowProps) {
  const { promo, active, busy, status, onToggle, onPercent, onLimits, limitsError, onDelete } = props;
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const id = useId();
  const [percent, setPercent] = useState(String(promo.percent));
  const saved: LimitTexts = {
    until: untilInputValue(promo.expiresAt),
    maxUses: promo.maxUses === null ? "" : String(promo.maxUses),
  };
  const [limitTexts, setLimitTexts] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const changed = percent.trim() !== String(promo.percent);
  const limitsChanged = limitTexts.until !== saved.until || limitTexts.maxUses.trim() !== saved.maxUses;
  const expired = promo.expiresAt !== null && promo.expiresAt <= Date.now();
  const usedUp = promo.maxUses !== null && promo.usageCount >= promo.maxUses;

  function saveLimits() {
    const limits = parsePromoLimits(limitTexts.until, limitTexts.maxUses);
    if (!limits.ok) {
      setError(limitsError(limits.reason));
      return;
    }
    setError(null);
    onLimits(limits.value);
  }

  function savePercent() {
    const value = promoPercentSchema.safeParse(Number(percent));
    if (percent.trim() === "" || !value.success) {
      setError(t`Enter a percent from 1 to 100.`);
      return;
    }
    setError(null);
    onPercent(value.data);
  }

  return (
    <div className="ac-row" data-testid="admin-promo-row" data-promo-code={promo.code}>
      <span className="ac-row__main">
        <span className="ac-row__name" dir="ltr">
          {promo.code}
        </span>
        <span className="muted">{t`${promo.percent}% off`}</span>
        <span className="muted">
          {promo.maxUses === null
            ? t`Used ${promo.usageCount} times`
            : t`Used ${promo.usageCount} of ${promo.maxUses} times`}
        </span>
        <span className="muted">
          {promo.expiresAt === null ? t`No end date` : t`Valid until ${formatDate(promo.expiresAt - 1)}`}
        </span>
        {expired ? <span className="badge badge--static badge--deal">{t`Expired`}</span> : null}
        {usedUp ? <span className="badge badge--static badge--deal">{t`Used up`}</span> : null}
        <PendingBadge status={status} />
      </span>
      <AdminForm className="ac-row__actions" onSubmit={savePercent}>
        <label className="visually-hidden" htmlFor={`${id}-percent`}>
          {t`Percent for ${promo.code}`}
        </label>
        <WholeNumberInput
          id={`${id}-percent`}
          className="ac-percent-input"
          min={1}
          max={100}
          value={percent}
          invalid={Boolean(error)}
          onChange={setPercent}
        />
        <button type="submit" className="btn btn--sm btn--secondary" disabled={busy || !changed}>
          <Trans>Save percent</Trans>
        </button>
        <ActiveSwitch active={active} name={promo.code} disabled={busy} onChange={onToggle} />
        <DeleteButton name={promo.code} onClick={onDelete} />
      </AdminForm>
      <AdminForm className="ac-row__actions" onSubmit={saveLimits}>
        <LimitInputs
          id={id}
          texts={limitTexts}
          onChange={setLimitTexts}
          labels={[t`Last day for ${promo.code}`, t`Usage limit for ${promo.code}`]}
          inRow
        />
        <button type="submit" className="btn btn--sm btn--secondary" disabled={busy || !limitsChanged}>
          <Trans>Save limits</Trans>
        </button>
      </AdminForm>
      {error ? <p className="ac-field-error">{error}</p> : null}
    </div>
  );
}

/** A code's last day (yyyy-mm-dd) and usage limit as typed. */
interface LimitTexts {
  until: string;
  maxUses: string;
}

interface LimitInputsProps {
  id: string;
  texts: LimitTexts;
  onChange: (texts: LimitTexts) => void;
  /** The last day's label, then the usage limit's. */
  labels: [string, string];
  /** In a promo's row: compact, the labels read by screen readers only. */
  inRow?: boolean;
}

/** A code's last day and usage limit, in the Add Promo form and in each promo's row. */
function LimitInputs({ id, texts, onChange, labels, inRow = false }: LimitInputsProps) {
  const { t } = useLingui();
  const field = (key: "until" | "max-uses", label: string, input: ReactNode) =>
    inRow ? (
      <>
        <label className="visually-hidden" htmlFor={`${id}-${key}`}>
          {label}
        </label>
        {input}
      </>
    ) : (
      <FormField id={`${id}-${key}`} label={label}>
        {input}
      </FormField>
    );
  return (
    <>
      {field(
        "until",
        labels[0],
        <input
          id={`${id}-until`}
          type="date"
          value={texts.until}
          onChange={(e) => onChange({ ...texts, until: e.currentTarget.value })}
        />,
      )}
      {field(
        "max-uses",
        labels[1],
        <input
          id={`${id}-max-uses`}
          className={inRow ? "ac-percent-input" : undefined}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          placeholder={t`No limit`}
          value={texts.maxUses}
          onChange={(e) => onChange({ ...texts, maxUses: e.currentTarget.value })}
        />,
      )}
    </>
  );
}
