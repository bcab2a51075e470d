/** "How would you like to pay?": the radio group the checkout shows when several of the store's methods take the
 * chosen currency (docs/decisions.md D45); with one, it is used without asking. */
import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentProviderName } from "@store/shared/schemas/payments";
import { PAYMENT_METHOD_HINTS, PAYMENT_METHOD_NAMES } from "./payment-methods.ts";

export function PaymentMethodChoice({
  methods,
  method,
  disabled,
  onChoose,
}: {
  methods: readonly PaymentProviderName[];
  method: PaymentProviderName | null;
  disabled: boolean;
  onChoose: (method: PaymentProviderName) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <fieldset className="checkout-field checkout-methods" disabled={disabled}>
      <legend className="checkout-field__label">
        <Trans>How would you like to pay?</Trans>
      </legend>
      {methods.map((m) => (
        <label key={m} className="checkout-methods__option">
          <input
            type="radio"
            name="paymentMethod"
            value={m}
            checked={method === m}
            onChange={() => onChoose(m)}
            aria-describedby={`${id}-${m}`}
          />
          <span className="checkout-methods__text">
            <span className="checkout-methods__name">{i18n._(PAYMENT_METHOD_NAMES[m])}</span>
            <span id={`${id}-${m}`} className="checkout-field__hint">
              {i18n._(PAYMENT_METHOD_HINTS[m])}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
