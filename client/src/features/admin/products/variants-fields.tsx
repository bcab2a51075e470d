/** A product's variants (optional): each a name and its own prices, with the same TND auto-fill as the base price. */
import type { Dispatch, SetStateAction } from "react";
import { Trans } from "@lingui/react/macro";
import { PriceInputs } from "./price-inputs.tsx";
import { emptyVariant, type PriceDraft, type ProductDraft, type VariantDraft } from "./product-form-model.ts";
import { priceErrors } from "./price-errors.ts";
import { errorFor } from "../panel/field-errors.ts";

export function VariantsFields({
  idPrefix,
  variants,
  errors,
  converting,
  setDraft,
  onTndChange,
  onPriceChange,
}: {
  idPrefix: string;
  variants: readonly VariantDraft[];
  errors: Record<string, string>;
  /** The price row whose conversion is waiting. */
  converting: string | null;
  setDraft: Dispatch<SetStateAction<ProductDraft>>;
  onTndChange: (row: string, text: string) => void;
  onPriceChange: (row: string, change: (p: PriceDraft) => PriceDraft) => void;
}) {
  const listError = errors.variants;
  return (
    <fieldset className="field">
      <legend>
        <Trans>Variants (optional)</Trans>
      </legend>
      {variants.length === 0 ? (
        <p className="ac-hint">
          <Trans>No variants</Trans>
        </p>
      ) : null}
      {variants.map((v, i) => {
        const nameError = errorFor(errors, `variants.${i}.name`);
        return (
          <div key={v.key} className="ac-variant" data-testid="variant">
            <div className="ac-variant__head">
              <div className="field">
                <label htmlFor={`${idPrefix}-variant-${v.key}`}>
                  <Trans>Variant name</Trans>
                </label>
                <input
                  id={`${idPrefix}-variant-${v.key}`}
                  value={v.name}
                  aria-invalid={nameError ? true : undefined}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    setDraft((d) => ({
                      ...d,
                      variants: d.variants.map((x) => (x.key === v.key ? { ...x, name } : x)),
                    }));
                  }}
                />
              </div>
              <button
                type="button"
                className="btn btn--sm btn--danger"
                onClick={() => setDraft((d) => ({ ...d, variants: d.variants.filter((x) => x.key !== v.key) }))}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
            {nameError ? <p className="ac-field-error">{nameError}</p> : null}
            <PriceInputs
              name={`variants.${i}.price`}
              legend={<Trans>Variant price</Trans>}
              value={v.price}
              converting={converting === v.key}
              errors={priceErrors(errors, `variants.${i}.price`)}
              onTndChange={(text) => onTndChange(v.key, text)}
              onChange={(currency, text) => onPriceChange(v.key, (p) => ({ ...p, [currency]: text }))}
            />
          </div>
        );
      })}
      {listError && !Object.keys(errors).some((k) => k.startsWith("variants.")) ? (
        <p className="ac-field-error">{listError}</p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn--sm btn--secondary"
          onClick={() => setDraft((d) => ({ ...d, variants: [...d.variants, emptyVariant()] }))}
        >
          <Trans>Add Variant</Trans>
        </button>
      </div>
    </fieldset>
  );
}
