/** How a product is delivered (docs/decisions.md D10): from code stock, with its low-stock threshold, or by hand,
 * with the operator's own in-stock switch. */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import type { DeliveryMode } from "@store/shared/schemas/stock";
import { FormField } from "../panel/form-field.tsx";
import { WholeNumberInput } from "../panel/whole-number-input.tsx";
import type { DraftFieldsProps } from "./product-form-model.ts";

/** docs/decisions.md D10: sold from code stock, or fulfilled by hand. */
const DELIVERY_CHOICES: readonly { mode: DeliveryMode; label: ReactNode }[] = [
  { mode: "automatic", label: <Trans>Automatic (codes from stock)</Trans> },
  { mode: "manual", label: <Trans>Manual (fulfilled by hand)</Trans> },
];

export function DeliveryFields({ idPrefix: id, draft, set, errorFor: err }: DraftFieldsProps) {
  return (
    <>
      <fieldset className="field ac-delivery">
        <legend>
          <Trans>Delivery</Trans>
        </legend>
        <div className="ac-delivery__choices">
          {DELIVERY_CHOICES.map(({ mode, label }) => (
            <label key={mode} className="ac-check">
              <input
                type="radio"
                name={`${id}-delivery`}
                value={mode}
                checked={draft.deliveryMode === mode}
                onChange={() => set("deliveryMode", mode)}
              />
              {label}
            </label>
          ))}
        </div>
        {err("deliveryMode") ? <p className="ac-field-error">{err("deliveryMode")}</p> : null}
      </fieldset>

      {draft.deliveryMode === "automatic" ? (
        <div className="ac-form__row">
          <FormField id={`${id}-threshold`} label={<Trans>Low-stock threshold</Trans>} error={err("lowStockThreshold")}>
            <WholeNumberInput
              id={`${id}-threshold`}
              min={0}
              value={draft.lowStockThreshold}
              invalid={Boolean(err("lowStockThreshold"))}
              describedBy={`${id}-threshold-hint`}
              onChange={(value) => set("lowStockThreshold", value)}
            />
            <p id={`${id}-threshold-hint`} className="ac-hint">
              <Trans>The dashboard lists the product as low when its available codes fall to this number.</Trans>
            </p>
          </FormField>
        </div>
      ) : (
        <label className="ac-check">
          <input type="checkbox" checked={draft.inStock} onChange={(e) => set("inStock", e.currentTarget.checked)} />
          <Trans>In Stock</Trans>
        </label>
      )}
    </>
  );
}
