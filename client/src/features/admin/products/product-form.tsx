/** New/Edit product form: prices per currency with the TND auto-fill, variants, image upload, server field errors,
 * and the version it was opened at (a 409 offers to reload the latest or keep these edits). */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { productSchema, type Product } from "@store/shared/schemas/catalog";
import { productCreateSchema, productUpdateSchema } from "@store/shared/schemas/admin";
import { PRODUCT_PLATFORMS, PRODUCT_REGIONS, TAGLINE_MAX } from "@store/shared/catalog-choices";
import type { CatalogLang } from "@store/shared/catalog-translations";
import { categoryOptions, type CategoryLike } from "../categories/category-tree.ts";
import { useEntityForm } from "../panel/entity-editor/use-entity-form.ts";
import { pathOf, saveTo, type EntityKind } from "../panel/entity-editor/entity-kind.ts";
import { ConflictAlert } from "../panel/entity-editor/entity-editor-parts.tsx";
import { ImageField } from "../panel/image-field.tsx";
import { errorFor } from "../panel/field-errors.ts";
import { PriceInputs } from "./price-inputs.tsx";
import { FormActions } from "../panel/form-actions.tsx";
import { FormField } from "../panel/form-field.tsx";
import {
  BASE_ROW,
  draftFromProduct,
  emptyProductDraft,
  productBodyFromDraft,
  type PriceDraft,
  type ProductBody,
  type ProductDraft,
  type TextsDraft,
} from "./product-form-model.ts";
import { updatePriceRow, usePriceAutofill } from "./use-price-autofill.ts";
import { priceErrors } from "./price-errors.ts";
import { TranslationsFields } from "./translations-fields.tsx";
import { VariantsFields } from "./variants-fields.tsx";
import { StockPanel } from "../stock/stock-panel.tsx";
import "../stock/stock.css";
import { AdminForm } from "../panel/admin-form.tsx";
import { WholeNumberInput } from "../panel/whole-number-input.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";

const BASE = BASE_ROW;
export const PRODUCTS: EntityKind<Product> = { entity: "product", at: "/api/admin/products", key: "id", name: "title" };

/** The list's choices, and the stored value too when it is none of them (a product saved before the list). */
function choicesWith(list: readonly string[], current: string): string[] {
  return current === "" || list.includes(current) ? [...list] : [...list, current];
}

interface ProductFormProps {
  /** The product being edited; absent when creating. */
  product?: Product | undefined;
  /** A product created offline that has not reached the server yet: saving changes the queued creation. */
  queued?: QueuedCreation | undefined;
  categories: readonly CategoryLike[];
  onDone: () => void;
  onCancel: () => void;
}

/** A creation waiting in the offline queue, with the body it will send. */
export interface QueuedCreation {
  id: number;
  body: ProductBody;
}

/** The queued creation's body as the form can show it; undefined when it is not a product body. */
export function queuedProductBody(body: unknown): ProductBody | undefined {
  const parsed = productCreateSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

export function ProductForm({ product, queued, categories, onDone, onCancel }: ProductFormProps) {
  const { t } = useLingui();
  const id = useId();
  const editing = product !== undefined;
  const [draft, setDraft] = useState<ProductDraft>(() => {
    const from = product ?? queued?.body;
    return from ? draftFromProduct(from) : emptyProductDraft();
  });
  const [version, setVersion] = useState<number | undefined>(product?.version);
  const form = useEntityForm({
    form: "product",
    storefront: true,
    ...(product
      ? {
          latest: {
            path: pathOf(PRODUCTS, product),
            schema: productSchema,
            failTitle: t`Update failed`,
          },
        }
      : {}),
  });
  const { errors, busy } = form;
  const prices = usePriceAutofill(draft, setDraft);

  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const updatePrice = (row: string, change: (p: PriceDraft) => PriceDraft) => updatePriceRow(setDraft, row, change);

  const reloadLatest = () =>
    form.reloadLatest((latest) => {
      setDraft(draftFromProduct(latest));
      setVersion(latest.version);
    });
  const keepMine = () => form.keepMine((latest) => save(latest.version));

  async function save(atVersion = version) {
    const body = productBodyFromDraft(await prices.settled());
    const check = editing
      ? productUpdateSchema.safeParse({ ...body, version: atVersion })
      : productCreateSchema.safeParse(body);
    if (!form.valid(check)) return;
    const label = t`Product: ${body.title}`;
    if (queued) {
      // Not on the server yet: the queued creation itself carries the new body.
      await form.saveQueued(queued.id, body, label, {
        subject: body.title,
        sending: t`This product is being sent right now. Edit it again once it has arrived.`,
        done: onDone,
        failTitle: t`Create failed`,
      });
      return;
    }
    await form.save({
      subject: body.title,
      send: () => saveTo(PRODUCTS, product ? { id: product.id, version: atVersion } : null, body, label),
      saved: () => {
        if (product) toast.success(t`Product updated`, { description: t`The product has been updated successfully.` });
        else toast.success(t`Product created`);
      },
      done: onDone,
      failTitle: editing ? t`Update failed` : t`Create failed`,
      ...(editing ? { conflict: { text: t`This product was changed by someone else.`, inForm: true } } : {}),
    });
  }

  const setText = (lang: CatalogLang, key: keyof TextsDraft, value: string) =>
    setDraft((d) => ({ ...d, translations: { ...d.translations, [lang]: { ...d.translations[lang], [key]: value } } }));
  const options = categoryOptions(categories);
  const err = (key: string) => errorFor(errors, key);

  return (
    <AdminForm
      onSubmit={() => {
        if (!busy) void save();
      }}
    >
      <ConflictAlert
        conflict={form.conflict}
        intro={<Trans>This product was changed elsewhere since you opened it.</Trans>}
        onReload={() => void reloadLatest()}
        onKeepMine={() => void keepMine()}
      />

      <FormField id={`${id}-title`} label={<Trans>Name</Trans>} error={err("title")}>
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(e) => set("title", e.currentTarget.value)}
          aria-invalid={err("title") ? true : undefined}
          autoFocus
        />
      </FormField>

      <FormField id={`${id}-tagline`} label={<Trans>Tagline</Trans>} error={err("tagline")}>
        <input
          id={`${id}-tagline`}
          value={draft.tagline}
          maxLength={TAGLINE_MAX}
          aria-invalid={err("tagline") ? true : undefined}
          onChange={(e) => set("tagline", e.currentTarget.value)}
        />
      </FormField>

      <div className="ac-form__row">
        <FormField id={`${id}-platform`} label={<Trans>Platform</Trans>} error={err("platform")}>
          <select id={`${id}-platform`} value={draft.platform} onChange={(e) => set("platform", e.currentTarget.value)}>
            <option value="">{t`-- Select Platform --`}</option>
            {choicesWith(PRODUCT_PLATFORMS, draft.platform).map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-region`} label={<Trans>Region</Trans>} error={err("region")}>
          <select id={`${id}-region`} value={draft.region} onChange={(e) => set("region", e.currentTarget.value)}>
            <option value="">{t`-- Select Region --`}</option>
            {choicesWith(PRODUCT_REGIONS, draft.region).map((region) => (
              <option key={region} value={region}>
                {region === "Global" ? t`Global` : region}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      <FormField id={`${id}-description`} label={<Trans>Description</Trans>} error={err("description")}>
        <textarea
          id={`${id}-description`}
          value={draft.description}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
      </FormField>

      <TranslationsFields idPrefix={id} value={draft.translations} errorFor={err} onChange={setText} />

      <ImageField value={draft.image} onChange={(image) => set("image", image)} error={err("image")} />

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
            {options.map((o) => (
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

      <DeliveryFields idPrefix={id} draft={draft} set={set} errorFor={err} />

      <div>
        <PriceInputs
          name="price"
          legend={<Trans>Base Price</Trans>}
          value={draft.price}
          converting={prices.converting === BASE}
          errors={priceErrors(errors, "price")}
          onTndChange={(text) => prices.typeTnd(BASE, text)}
          onChange={(currency, text) => updatePrice(BASE, (p) => ({ ...p, [currency]: text }))}
        />
        <p className="ac-hint">
          <Trans>Enter TND price to auto-fill other currencies</Trans>
        </p>
        <p className="ac-hint">
          <Trans>A price of 0 is derived from the USD price at the current rate.</Trans>
        </p>
      </div>

      <VariantsFields
        idPrefix={id}
        variants={draft.variants}
        errors={errors}
        converting={prices.converting}
        setDraft={setDraft}
        onTndChange={prices.typeTnd}
        onPriceChange={updatePrice}
      />

      {draft.deliveryMode === "manual" ? null : product ? (
        <StockPanel productId={product.id} />
      ) : (
        <p className="ac-hint">
          <Trans>Save the product first; then its codes can be imported here.</Trans>
        </p>
      )}

      <FormActions busy={busy} onCancel={onCancel} />
    </AdminForm>
  );
}
