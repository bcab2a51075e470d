/** Settings > Payment: how shoppers pay an order in manual mode, written once per language. The text is
 * synced to the storefront, which shows it on the order-success page while an order awaits payment. */
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PAYMENT_INSTRUCTIONS_MAX, type PaymentInstructions } from "@store/shared/schemas/catalog";
import { FormField } from "../panel/form-field.tsx";
import { useSettingForm } from "./site-settings.tsx";
import { SETTINGS } from "./setting-sources.ts";
import { SettingsForm } from "./settings-form.tsx";

export function PaymentInstructionsTab() {
  const { t } = useLingui();
  const {
    value: texts,
    setValue: setTexts,
    form,
  } = useSettingForm(SETTINGS.paymentInstructions, t`Payment instructions`);

  const field = (lang: keyof PaymentInstructions, label: ReactNode, dir: "ltr" | "rtl") => (
    <FormField id={`payment-instructions-${lang}`} label={label}>
      <textarea
        id={`payment-instructions-${lang}`}
        lang={lang}
        dir={dir}
        rows={4}
        maxLength={PAYMENT_INSTRUCTIONS_MAX}
        value={texts[lang]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setTexts((v) => ({ ...v, [lang]: value }));
        }}
      />
    </FormField>
  );

  return (
    <SettingsForm {...form} submit={<Trans>Save Settings</Trans>}>
      <p className="muted">
        <Trans>
          Shown to shoppers after they order, while the order awaits payment: how to pay (bank transfer, D17, cash) and
          where to send the receipt. Left empty, shoppers are told you will contact them.
        </Trans>
      </p>
      {field("en", <Trans>Payment instructions (English)</Trans>, "ltr")}
      {field("fr", <Trans>Payment instructions (French)</Trans>, "ltr")}
      {field("ar", <Trans>Payment instructions (Arabic)</Trans>, "rtl")}
    </SettingsForm>
  );
}
