/** The product form's state and its save: the draft as typed, the version it was opened at (a 409 offers to reload
 * the latest or keep these edits), the TND auto-fill of its prices, and where a save goes (the server, or the
 * offline queue's creation when the product has not reached the server yet). */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import type { Product } from "@store/shared/schemas/catalog";
import { productCreateSchema, productUpdateSchema } from "@store/shared/schemas/admin";
import type { CatalogLang } from "@store/shared/catalog-translations";
import { useEntityForm } from "../panel/entity-editor/use-entity-form.ts";
import { saveFormTo, type EntityKind } from "../panel/entity-editor/entity-kind.ts";
import * as api from "../../../api/admin-endpoints.ts";
import { bind } from "../../../api/admin-endpoints.ts";
import { errorFor } from "../panel/field-errors.ts";
import {
  draftFromProduct,
  emptyProductDraft,
  productBodyFromDraft,
  type PriceDraft,
  type ProductBody,
  type ProductDraft,
  type TextsDraft,
} from "./product-form-model.ts";
import { updatePriceRow, usePriceAutofill } from "./use-price-autofill.ts";

export const PRODUCTS = {
  entity: "product",
  api: api.products,
  key: "id",
  name: "title",
} satisfies EntityKind<Product>;

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

export function useProductForm({
  product,
  queued,
  onDone,
}: {
  /** The product being edited; absent when creating. */
  product: Product | undefined;
  /** A product created offline that has not reached the server yet: saving changes the queued creation. */
  queued: QueuedCreation | undefined;
  onDone: () => void;
}) {
  const { t } = useLingui();
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
            from: bind(api.products.one, product.id),
            failTitle: t`Update failed`,
          },
        }
      : {}),
  });
  const prices = usePriceAutofill(draft, setDraft);

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
      send: () => saveFormTo(PRODUCTS, product, atVersion, body, label),
      saved: () => {
        if (product) toast.success(t`Product updated`, { description: t`The product has been updated successfully.` });
        else toast.success(t`Product created`);
      },
      done: onDone,
      failTitle: editing ? t`Update failed` : t`Create failed`,
      ...(editing ? { conflict: { text: t`This product was changed by someone else.`, inForm: true } } : {}),
    });
  }

  return {
    draft,
    setDraft,
    form,
    prices,
    /** The first error of a field or of anything under it. */
    err: (key: string) => errorFor(form.errors, key),
    set: <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => setDraft((d) => ({ ...d, [key]: value })),
    setText: (lang: CatalogLang, key: keyof TextsDraft, value: string) =>
      setDraft((d) => ({
        ...d,
        translations: { ...d.translations, [lang]: { ...d.translations[lang], [key]: value } },
      })),
    updatePrice: (row: string, change: (p: PriceDraft) => PriceDraft) => updatePriceRow(setDraft, row, change),
    submit: () => {
      if (!form.busy) void save();
    },
    reloadLatest: () =>
      void form.reloadLatest((latest) => {
        setDraft(draftFromProduct(latest));
        setVersion(latest.version);
      }),
    keepMine: () => void form.keepMine((latest) => save(latest.version)),
  };
}
