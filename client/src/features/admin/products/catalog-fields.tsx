/** Where a product stands in the catalog: the operator's article code, its category (sub-categories indented under
 * their parent) and its discount. */
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryOptions, type CategoryLike } from "../categories/category-tree.ts";
import { FormField } from "../panel/form-field.tsx";
import { WholeNumberInput } from "../panel/whole-number-input.tsx";
import type { DraftFieldsProps } from "./product-form-model.ts";

export function CatalogFields({
  idPrefix: id,
  draft,
  set,
  errorFor: err,
  categories,
}: DraftFieldsProps & { categories: readonly CategoryLike[] }) {
  const { t } = useLingui();
  return (
    <div className="ac-form__row">
      <FormField id={`${id}-sku`} label={<Trans>Article Code</Trans>} error={err("sku")}>
        <input
          id={`${id}-sku`}
          value={draft.sku}
          placeholder="TS-8092"
          onChange={(e) => set("sku", e.currentTarget.value)}
        />
      </FormField>
      <FormField id={`${id}-category`} label={<Trans>Category</Trans>} error={err("categoryId")}>
        <select
          id={`${id}-category`}
          value={draft.categoryId}
          onChange={(e) => set("categoryId", e.currentTarget.value)}
        >
          <option value="">{t`-- Select Category --`}</option>
          {categoryOptions(categories).map((o) => (
            <option key={o.id} value={o.id}>
              {o.depth === 1 ? `\u00a0\u00a0\u00a0\u00a0${o.name}` : o.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-discount`} label={<Trans>Discount %</Trans>} error={err("discountPercent")}>
        <WholeNumberInput
          id={`${id}-discount`}
          min={0}
          max={100}
          value={draft.discountPercent}
          invalid={Boolean(err("discountPercent"))}
          onChange={(value) => set("discountPercent", value)}
        />
      </FormField>
    </div>
  );
}
