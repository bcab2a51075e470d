/** Settings > Delivery: within how many hours of payment the operator sends a manual product's code by hand. Synced
 * to the storefront, which promises it on the product page, the cart and the confirmation email. */
import { Trans, useLingui } from "@lingui/react/macro";
import { MANUAL_DELIVERY_HOURS_MAX, MANUAL_DELIVERY_HOURS_MIN } from "@store/shared/schemas/catalog";
import { FormField } from "../panel/form-field.tsx";
import { WholeNumberValueInput } from "../panel/whole-number-input.tsx";
import { useSettingForm } from "./site-settings.tsx";
import { SETTINGS } from "./setting-sources.ts";
import { SettingsForm } from "./settings-form.tsx";

export function ManualDeliveryTab() {
  const { t } = useLingui();
  const { value, setValue, form } = useSettingForm(SETTINGS.manualDelivery, t`Manual delivery time`);
  return (
    <SettingsForm {...form} submit={<Trans>Save Settings</Trans>}>
      <p className="muted">
        <Trans>
          Products sold without code stock are sent by hand. Shoppers are told they get the code within this many hours
          of payment, by email.
        </Trans>
      </p>
      <FormField id="manual-delivery-hours" label={<Trans>Manual delivery time (hours)</Trans>}>
        <WholeNumberValueInput
          id="manual-delivery-hours"
          min={MANUAL_DELIVERY_HOURS_MIN}
          max={MANUAL_DELIVERY_HOURS_MAX}
          value={value.hours}
          onChange={(hours) => setValue({ hours })}
        />
      </FormField>
    </SettingsForm>
  );
}
