/** New/Edit product form: its parts laid out in order, each a component of its own; the state and the save are in
 * use-product-form.ts, the mapping to the API body in product-form-model.ts. */
import { useId } from "react";
import { Trans } from "@lingui/react/macro";
import type { Product } from "@store/shared/schemas/catalog";
import type { CategoryLike } from "../categories/category-tree.ts";
import { ConflictAlert } from "../panel/entity-editor/entity-editor-parts.tsx";
import { ImageField } from "../panel/image-field.tsx";
import { FormActions } from "../panel/form-actions.tsx";
import { AdminForm } from "../panel/admin-form.tsx";
import { useProductForm, type QueuedCreation } from "./use-product-form.ts";
import { DetailsFields } from "./details-fields.tsx";
import { TranslationsFields } from "./translations-fields.tsx";
import { CatalogFields } from "./catalog-fields.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";
import { BasePriceFields } from "./base-price-fields.tsx";
import { VariantsFields } from "./variants-fields.tsx";
import { StockSection } from "./stock-section.tsx";

interface ProductFormProps {
  /** The product being edited; absent when creating. */
  product?: Product | undefined;
  /** A product created offline that has not reached the server yet: saving changes the queued creation. */
  queued?: QueuedCreation | undefined;
  categories: readonly CategoryLike[];
  onDone: () => void;
  onCancel: () => void;
}

export function ProductForm({ product, queued, categories, onDone, onCancel }: ProductFormProps) {
  const id = useId();
  const { draft, setDraft, form, prices, err, set, setText, updatePrice, submit, reloadLatest, keepMine } =
    useProductForm({ product, queued, onDone });
  const fields = { idPrefix: id, draft, set, errorFor: err };

  return (
    <AdminForm onSubmit={submit}>
      <ConflictAlert
        conflict={form.conflict}
        intro={<Trans>This product was changed elsewhere since you opened it.</Trans>}
        onReload={reloadLatest}
        onKeepMine={keepMine}
      />
      <DetailsFields {...fields} />
      <TranslationsFields idPrefix={id} value={draft.translations} errorFor={err} onChange={setText} />
      <ImageField value={draft.image} onChange={(image) => set("image", image)} error={err("image")} />
      <CatalogFields {...fields} categories={categories} />
      <DeliveryFields {...fields} />
      <BasePriceFields
        price={draft.price}
        errors={form.errors}
        converting={prices.converting}
        onTndChange={prices.typeTnd}
        onPriceChange={updatePrice}
      />
      <VariantsFields
        idPrefix={id}
        variants={draft.variants}
        errors={form.errors}
        converting={prices.converting}
        setDraft={setDraft}
        onTndChange={prices.typeTnd}
        onPriceChange={updatePrice}
      />
      <StockSection deliveryMode={draft.deliveryMode} productId={product?.id} />
      <FormActions busy={form.busy} onCancel={onCancel} />
    </AdminForm>
  );
}
