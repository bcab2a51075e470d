/** Settings > Limits: the most of one product an order may hold (synced to the storefront, which caps its quantity
 * fields at it; the checkout refuses more), and how long an order awaiting a manual payment keeps its codes. The
 * limits set by the environment are listed in docs/operations.md "Limits". */
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderLimits } from "@store/shared/schemas/catalog";
import { orderLimitMax } from "@store/shared/store-settings";
import { FormField } from "../panel/form-field.tsx";
import { WholeNumberValueInput } from "../panel/whole-number-input.tsx";
import { useSettingForm } from "./site-settings.tsx";
import { SETTINGS } from "./setting-sources.ts";
import { SettingsForm } from "./settings-form.tsx";

export function OrderLimitsTab() {
  const { t } = useLingui();
  const { value, setValue, form } = useSettingForm(SETTINGS.orderLimits, t`Order limits`);
  const field = (key: keyof OrderLimits, id: string) => (
    <WholeNumberValueInput
      id={id}
      min={1}
      max={orderLimitMax(key)}
      value={value[key]}
      onChange={(n) => setValue((v) => ({ ...v, [key]: n }))}
    />
  );
  return (
    <SettingsForm {...form} submit={<Trans>Save Settings</Trans>}>
      <p className="muted">
        <Trans>
          Bound what one shopper can hold: the storefront caps its quantity fields at this limit and the checkout
          refuses more.
        </Trans>
      </p>
      <FormField id="limit-max-qty" label={<Trans>Most of one product per order</Trans>}>
        {field("maxQtyPerOrder", "limit-max-qty")}
      </FormField>
      <FormField id="limit-reservation" label={<Trans>Reservation time for unpaid orders (hours)</Trans>}>
        {field("reservationHours", "limit-reservation")}
      </FormField>
      <p className="muted">
        <Trans>
          With manual payments, an order awaiting payment keeps its codes this long, then expires and gives them back to
          stock.
        </Trans>
      </p>
    </SettingsForm>
  );
}
