/** Admin > Promos (docs/decisions.md D8, D19): add a code with a
 * percent, switch it on and off, change its percent, delete it. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { z } from "zod";
import { promoCreateSchema, promoPercentSchema, promoSchema, type Promo } from "@store/shared/schemas/promos";
import { adminApi, isQueued } from "../../../api/admin-client.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { ConfirmDialog } from "../../../ui/dialog.tsx";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { pendingActive, usePendingEdits } from "../panel/pending-edits.ts";
import { ActiveSwitch } from "../panel/active-switch.tsx";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { ListState } from "../panel/list-state.tsx";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { parsePromoForm } from "./promo-form-model.ts";
import { DeleteButton } from "../panel/row-buttons.tsx";
import "../panel/panels.css";

const promoListSchema = z.array(promoSchema);

function promoPath(code: string): string {
  return `/api/admin/promos/${encodeURIComponent(code)}`;
}

export function PromosPanel() {
  const { t } = useLingui();
  const id = useId();
  const promos = useAdminResource("/api/admin/promos", promoListSchema, () => toast.error(t`Failed to load promos`));
  const pending = usePendingEdits("promo");
  const [code, setCode] = useState("");
  const [percent, setPercent] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Promo | null>(null);
  const { failed } = useChangeToasts();

  async function add() {
    if (adding) return;
    const parsed = parsePromoForm(code, percent);
    if (!parsed.ok) {
      // docs/product.md: creation is skipped when the code is empty or the percent is 0 or not a number.
      setFormError(parsed.reason === "code" ? t`Enter a promo code.` : t`Enter a percent from 1 to 100.`);
      return;
    }
    const check = promoCreateSchema.safeParse(parsed.value);
    if (!check.success) {
      setFormError(check.error.issues[0]?.message ?? t`Enter a promo code.`);
      return;
    }
    setFormError(null);
    setAdding(true);
    try {
      await adminApi.send<unknown>("POST", "/api/admin/promos", check.data, {
        queueOffline: { entity: "promo", label: t`Promo: ${check.data.code}` },
      });
      toast.success(t`Promo added`);
      setCode("");
      setPercent("");
    } catch (err) {
      if (isQueued(err)) {
        setCode("");
        setPercent("");
      }
      failed(err, t`Failed to add promo`, check.data.code);
    } finally {
      setAdding(false);
      void promos.reload();
    }
  }

  async function update(promo: Promo, patch: { active?: boolean; percent?: number }, label: string) {
    setBusyCode(promo.code);
    try {
      await adminApi.send<unknown>("PUT", promoPath(promo.code), patch, {
        queueOffline: { entity: "promo", entityId: promo.code, baseVersion: promo.version, label },
      });
      toast.success(t`Promo updated`);
    } catch (err) {
      failed(err, t`Failed to update promo`, promo.code);
    } finally {
      setBusyCode(null);
      void promos.reload();
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const promo = toDelete;
    setBusyCode(promo.code);
    try {
      await adminApi.send<unknown>("DELETE", promoPath(promo.code), undefined, {
        queueOffline: { entity: "promo", entityId: promo.code, label: t`Delete promo: ${promo.code}` },
      });
      toast.success(t`Promo deleted`);
    } catch (err) {
      failed(err, t`Failed to delete promo`, promo.code);
    } finally {
      setBusyCode(null);
      setToDelete(null);
      void promos.reload();
    }
  }

  const list = promos.data ? [...promos.data].sort((a, b) => a.code.localeCompare(b.code)) : undefined;

  return (
    <section className="ac-panel" aria-labelledby={`${id}-title`}>
      <div className="ac-box">
        <h2 id={`${id}-title`}>
          <Trans>Promos</Trans>
        </h2>
        <form
          className="ac-inline-form ac-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-code`}>
              <Trans>Promo code</Trans>
            </label>
            <input
              id={`${id}-code`}
              value={code}
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="SAVE10"
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-percent`}>
              <Trans>Percent</Trans>
            </label>
            <input
              id={`${id}-percent`}
              type="number"
              inputMode="numeric"
              min="1"
              max="100"
              step="1"
              value={percent}
              onChange={(e) => setPercent(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className="btn btn--primary" disabled={adding}>
            {adding ? <Trans>Adding...</Trans> : <Trans>Add Promo</Trans>}
          </button>
        </form>
        {formError ? (
          <p className="ac-field-error" role="alert">
            {formError}
          </p>
        ) : null}
      </div>

      <PendingCreations rows={pending.creations} />

      <ListState
        items={list}
        empty={<Trans>No promo codes yet.</Trans>}
        failure={
          promos.error !== null
            ? { message: <Trans>Promos could not be loaded.</Trans>, retry: () => void promos.reload() }
            : undefined
        }
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
                    void update(p, { active }, active ? t`Turn on promo: ${p.code}` : t`Turn off promo: ${p.code}`)
                  }
                  onPercent={(value) => void update(p, { percent: value }, t`Promo ${p.code}: ${value}%`)}
                  onDelete={() => setToDelete(p)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListState>

      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete promo?</Trans>}
        message={<Trans>The code {toDelete?.code ?? ""} will stop working. This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        busy={busyCode !== null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
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
  onDelete: () => void;
}

function PromoRow({ promo, active, busy, status, onToggle, onPercent, onDelete }: PromoRowProps) {
  const { t } = useLingui();
  const id = useId();
  const [percent, setPercent] = useState(String(promo.percent));
  const [error, setError] = useState<string | null>(null);
  const changed = percent.trim() !== String(promo.percent);

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
        <span className="muted">{t`Used ${promo.usageCount} times`}</span>
        <PendingBadge status={status} />
      </span>
      <form
        className="ac-row__actions"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          savePercent();
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-percent`}>
          {t`Percent for ${promo.code}`}
        </label>
        <input
          id={`${id}-percent`}
          className="ac-percent-input"
          type="number"
          inputMode="numeric"
          min="1"
          max="100"
          step="1"
          value={percent}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPercent(e.currentTarget.value)}
        />
        <button type="submit" className="btn btn--sm btn--secondary" disabled={busy || !changed}>
          <Trans>Save percent</Trans>
        </button>
        <ActiveSwitch active={active} name={promo.code} disabled={busy} onChange={onToggle} />
        <DeleteButton name={promo.code} onClick={onDelete} />
      </form>
      {error ? <p className="ac-field-error">{error}</p> : null}
    </div>
  );
}
