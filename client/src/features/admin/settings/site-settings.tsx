/** Site toggles and the daily USD->TND rate: both can be saved
 * offline and wait in the outbox (docs/decisions.md D17). */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import type { Rate, Toggles } from "@store/shared/schemas/catalog";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { useOutbox } from "../../../local/admin-outbox.ts";
import { syncCatalog } from "../../../local/catalog-sync.ts";
import { SettingsForm } from "./settings-form.tsx";
import { SETTINGS, type SettingSource } from "./setting-sources.ts";

const RATE_ENTITY = "settings.rate";

/** Reloads `load` whenever a queued edit reaches the server. */
function useReloadOnReplay(load: () => void): void {
  const { applied } = useOutbox();
  useEffect(() => {
    load();
  }, [load, applied]);
}

/** One setting in a settings tab: loaded from the admin API (again whenever a queued edit reaches the
 * server), saved with PUT, or kept in the outbox while offline; the storefront re-syncs after a save. */
export function useSettingForm<T>({ api: setting, entity, initial }: SettingSource<T>, label: string) {
  const { t } = useLingui();
  const toasts = useChangeToasts();
  const [value, setValue] = useState<T>(initial);
  const [busy, setBusy] = useState(false);
  // Until the first load has answered. A load that fails (offline) leaves the fields as they are, to be changed and
  // queued in the outbox as before.
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    adminApi
      .call(setting.read)
      .then(setValue)
      .catch((err: unknown) => console.warn(`${entity} failed to load`, err))
      .finally(() => setLoading(false));
  }, [setting, entity]);
  useReloadOnReplay(load);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setValue(
        await adminApi.request(setting.save, { params: undefined, body: value }, { queueOffline: { entity, label } }),
      );
      toast.success(t`Settings saved successfully`);
      void syncCatalog();
    } catch (err) {
      toasts.failed(err, t`Failed to save settings`, label);
    } finally {
      setBusy(false);
    }
  }

  return { value, setValue, form: { busy, loading, onSubmit, pendingEntity: entity } };
}

export function SiteSettingsTab() {
  const { t } = useLingui();
  const { value: toggles, setValue: setToggles, form } = useSettingForm(SETTINGS.toggles, t`Site settings`);

  const toggle = (key: keyof Toggles, label: ReactNode) => (
    <label className="ac-switch">
      <input
        type="checkbox"
        role="switch"
        checked={toggles[key]}
        onChange={(e) => setToggles((v) => ({ ...v, [key]: e.target.checked }))}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <SettingsForm {...form} submit={<Trans>Save Settings</Trans>}>
      <fieldset className="field admin-toggles">
        <legend className="visually-hidden">
          <Trans>Site Settings</Trans>
        </legend>
        {toggle("showNewsletter", <Trans>Newsletter Section</Trans>)}
        {toggle("showPremium", <Trans>Premium Section</Trans>)}
        {toggle("showPromo", <Trans>Promo Banner</Trans>)}
      </fieldset>
    </SettingsForm>
  );
}

export function RateTab() {
  const { t, i18n } = useLingui();
  const toasts = useChangeToasts();
  const [rate, setRate] = useState<Rate | null>(null);
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  // As in useSettingForm: the field takes no change until the stored rate has loaded (or failed to, offline).
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    adminApi
      .call(api.settings.rate.read)
      .then((r) => {
        setRate(r);
        setValue(String(r.usdToTnd));
      })
      .catch((err: unknown) => console.warn("rate failed to load", err))
      .finally(() => setLoading(false));
  }, []);
  useReloadOnReplay(load);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const usdToTnd = Number(value);
    if (!Number.isFinite(usdToTnd) || usdToTnd <= 0 || usdToTnd >= 1000) {
      toast.error(t`Failed to save rate`, { description: t`Rate must be greater than 0 and less than 1000` });
      return;
    }
    setBusy(true);
    const label = t`Daily rate: 1 USD = ${usdToTnd} TND`;
    try {
      const saved = await adminApi.call(
        api.settings.rate.save,
        { body: { usdToTnd } },
        { queueOffline: { entity: RATE_ENTITY, label } },
      );
      setRate(saved);
      setValue(String(saved.usdToTnd));
      toast.success(t`Rate saved`);
      void syncCatalog();
    } catch (err) {
      toasts.failed(err, t`Failed to save rate`, label);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm
      onSubmit={onSubmit}
      busy={busy}
      loading={loading}
      submit={<Trans>Save Rate</Trans>}
      pendingEntity={RATE_ENTITY}
    >
      <div className="field">
        <label htmlFor="daily-rate">
          <Trans>1 USD equals (TND)</Trans>
        </label>
        <input
          id="daily-rate"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.001"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          dir="ltr"
        />
      </div>
      <dl className="admin-facts admin-facts--inline">
        <div>
          <dt>
            <Trans>Updated</Trans>
          </dt>
          <dd data-testid="rate-updated">
            {rate?.updatedAt ? (
              i18n.date(new Date(rate.updatedAt), { dateStyle: "medium", timeStyle: "short" })
            ) : (
              <Trans>Never</Trans>
            )}
          </dd>
        </div>
      </dl>
    </SettingsForm>
  );
}
