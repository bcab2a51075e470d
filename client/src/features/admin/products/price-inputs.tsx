/** Four price boxes (TND first: typing it fills the others, docs/decisions.md D5), in major units with step 0.01. */
import { useId, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import type { Currency } from "@store/shared/currency";
import type { PriceDraft } from "./product-form-model.ts";

const ORDER: readonly Currency[] = ["TND", "USD", "EUR", "EGP"];

interface PriceInputsProps {
  legend: ReactNode;
  value: PriceDraft;
  converting: boolean;
  errors: Partial<Record<Currency, string>>;
  onTndChange: (text: string) => void;
  onChange: (currency: Currency, text: string) => void;
  /** Name prefix for the inputs, e.g. "price" or "variant-0-price". */
  name: string;
}

export function PriceInputs({ legend, value, converting, errors, onTndChange, onChange, name }: PriceInputsProps) {
  const id = useId();
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      <div className="ac-prices">
        {ORDER.map((currency) => {
          const error = errors[currency];
          return (
            <div key={currency} className="field">
              <label htmlFor={`${id}-${currency}`}>{currency}</label>
              <input
                id={`${id}-${currency}`}
                name={`${name}.${currency}`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={value[currency]}
                aria-invalid={error ? true : undefined}
                onChange={(e) =>
                  currency === "TND" ? onTndChange(e.currentTarget.value) : onChange(currency, e.currentTarget.value)
                }
              />
              {error ? <p className="ac-field-error">{error}</p> : null}
            </div>
          );
        })}
      </div>
      {converting ? (
        <p className="ac-hint" role="status">
          <Trans>Converting...</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
