/** A product's base price in the four currencies, with how the TND auto-fill and a price of 0 work. */
import { Trans } from "@lingui/react/macro";
import { PriceInputs } from "./price-inputs.tsx";
import { priceErrors } from "./price-errors.ts";
import { BASE_ROW, type PriceDraft } from "./product-form-model.ts";

export function BasePriceFields({
  price,
  errors,
  converting,
  onTndChange,
  onPriceChange,
}: {
  price: PriceDraft;
  errors: Record<string, string>;
  /** The price row whose conversion is waiting. */
  converting: string | null;
  onTndChange: (row: string, text: string) => void;
  onPriceChange: (row: string, change: (p: PriceDraft) => PriceDraft) => void;
}) {
  return (
    <div>
      <PriceInputs
        name="price"
        legend={<Trans>Base Price</Trans>}
        value={price}
        converting={converting === BASE_ROW}
        errors={priceErrors(errors, "price")}
        onTndChange={(text) => onTndChange(BASE_ROW, text)}
        onChange={(currency, text) => onPriceChange(BASE_ROW, (p) => ({ ...p, [currency]: text }))}
      />
      <p className="ac-hint">
        <Trans>Enter TND price to auto-fill other currencies</Trans>
      </p>
      <p className="ac-hint">
        <Trans>A price of 0 is derived from the USD price at the current rate.</Trans>
      </p>
    </div>
  );
}
