/** Settings > Alerts: which operator alerts go by email and by Telegram, and the window a digest gathers them in
 * (docs/decisions.md D48; docs/operations.md "Operator alerts"). A channel the server is not set up for (no
 * OPERATOR_EMAIL, no Telegram token and chat) is said so: its switches are kept but nothing is sent. */
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ALERT_KINDS, type AlertChannel, type AlertKind } from "@store/shared/schemas/operator-alerts";
import { FormField } from "../panel/form-field.tsx";
import { WholeNumberValueInput } from "../panel/whole-number-input.tsx";
import { useAdminResource } from "../panel/admin-request.ts";
import * as api from "../../../api/admin-endpoints.ts";
import { useSettingForm } from "./site-settings.tsx";
import { SETTINGS } from "./setting-sources.ts";
import { SettingsForm } from "./settings-form.tsx";

export function AlertsTab() {
  const { t } = useLingui();
  const { value, setValue, form } = useSettingForm(SETTINGS.alerts, t`Alerts`);
  const answer = useAdminResource(api.settings.alertsAnswer);
  const available = answer.data?.available;
  const kinds: Record<AlertKind, ReactNode> = {
    awaiting_fulfilment: <Trans>Paid orders awaiting your codes</Trans>,
    low_stock: <Trans>Low stock</Trans>,
    payment_reversed: <Trans>Refunds and disputes at the payment provider</Trans>,
    payment_unmatched: <Trans>Payments without an order</Trans>,
  };
  const channelName: Record<AlertChannel, string> = { email: t`Email`, telegram: t`Telegram` };
  const toggle = (kind: AlertKind, channel: AlertChannel) => (
    <label className="ac-switch" data-testid={`alert-${kind}-${channel}`}>
      <input
        type="checkbox"
        role="switch"
        checked={value.kinds[kind][channel]}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setValue((v) => ({ ...v, kinds: { ...v.kinds, [kind]: { ...v.kinds[kind], [channel]: on } } }));
        }}
      />
      <span>{channelName[channel]}</span>
    </label>
  );
  return (
    <SettingsForm {...form} submit={<Trans>Save Settings</Trans>}>
      <p className="muted">
        <Trans>
          What needs you is gathered into one message per kind and per channel for each period below, so a rush of
          orders does not flood your inbox or your Telegram chat.
        </Trans>
      </p>
      {available && !available.email ? (
        <p className="admin-message" data-testid="alerts-no-email">
          <Trans>Email alerts are not set up on the server (OPERATOR_EMAIL): nothing is mailed.</Trans>
        </p>
      ) : null}
      {available && !available.telegram ? (
        <p className="admin-message" data-testid="alerts-no-telegram">
          <Trans>
            Telegram is not set up on the server (TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID): nothing is sent there.
          </Trans>
        </p>
      ) : null}
      <FormField id="alerts-window" label={<Trans>Gather alerts for (minutes)</Trans>}>
        <WholeNumberValueInput
          id="alerts-window"
          min={1}
          max={1440}
          value={value.windowMinutes}
          onChange={(n) => setValue((v) => ({ ...v, windowMinutes: n }))}
        />
      </FormField>
      {ALERT_KINDS.map((kind) => (
        <fieldset key={kind} className="field admin-toggles" data-testid={`alert-kind-${kind}`}>
          <legend>{kinds[kind]}</legend>
          {toggle(kind, "email")}
          {toggle(kind, "telegram")}
        </fieldset>
      ))}
    </SettingsForm>
  );
}
