/** Admin > Products: the catalog as cards (image, title, id, Edit, Delete) and the New/Edit form. The list is paged
 * on the server, newest first (docs/decisions.md D30), searchable by title or id and filtered by category; offline,
 * the copy synced on this device stands in for it. */
import { useId, useState } from "react";
import { CursorPager, ListFilters, useCursorPages } from "../panel/cursor-pages.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { formatMoney } from "@store/shared/currency";
import type { Product } from "@store/shared/schemas/catalog";
import { adminProductPageSchema } from "@store/shared/schemas/admin";
import { categoryListSchema } from "@store/shared/schemas/catalog";
import { adminApi, isQueued } from "../../../api/admin-client.ts";
import { useCategories, useProducts } from "../../catalog/catalog-hooks.ts";
import { errorText, refreshStorefront, useAdminResource } from "../panel/admin-request.ts";
import { ConfirmDialog, Dialog } from "../../../ui/dialog.tsx";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { usePendingEdits } from "../panel/pending-edits.ts";
import { ProductForm, queuedProductBody, type QueuedCreation } from "./product-form.tsx";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import "../panel/panels.css";

const PRODUCTS_PAGE_SIZE = 24;

interface Filters {
  q: string;
  category: string;
}

/** The address of one page: the filters and the cursor of the page (none for the first). */
function productsPath({ q, category }: Filters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (q.trim() !== "") params.set("q", q.trim());
  if (category !== "") params.set("category", category);
  if (cursor !== null) params.set("cursor", cursor);
  return `/api/admin/products?${params.toString()}`;
}

/** The device's copy filtered as the server would (offline): part of the title in any case, or the id. */
function matchesOffline(p: Product, { q, category }: Filters): boolean {
  const needle = q.trim().toLowerCase();
  if (category !== "" && p.categoryId !== category) return false;
  return needle === "" || p.title.toLowerCase().includes(needle) || p.id === q.trim();
}

type FormMode =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "editing"; product: Product }
  | { kind: "editing-queued"; queued: QueuedCreation };

interface ProductsPanelProps {
  /** A product to open in the editor as soon as the list is loaded (the address's ?product=). */
  linkedProductId?: string | undefined;
  /** The linked product's editor was closed: the address forgets it. */
  onLinkedClosed?: () => void;
}

export function ProductsPanel({ linkedProductId, onLinkedClosed }: ProductsPanelProps = {}) {
  const { t, i18n } = useLingui();
  const categoryId = useId();
  const pages = useCursorPages<Filters>({ q: "", category: "" });
  const { filters, cursor, refine } = pages;
  const products = useAdminResource(productsPath(filters, cursor), adminProductPageSchema, () =>
    toast.error(t`Failed to load products`),
  );
  const categories = useAdminResource("/api/categories", categoryListSchema);
  const localProducts = useProducts();
  const localCategories = useCategories();
  const pending = usePendingEdits("product");
  const [mode, setMode] = useState<FormMode>({ kind: "idle" });
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toasts = useChangeToasts();

  // Offline, the copy synced on this device stands in for the server's page.
  const offlineCopy = products.data === undefined && products.error !== null;
  const sorted = products.data
    ? products.data.products
    : offlineCopy && localProducts
      ? localProducts.filter((p) => matchesOffline(p, filters)).sort((a, b) => b.createdAt - a.createdAt)
      : undefined;
  const next = products.data?.next ?? null;
  const categoryList = categories.data ?? localCategories ?? [];
  const filtered = filters.q.trim() !== "" || filters.category !== "";

  // The linked product opens once, when the first page has loaded: from that page or the device's copy.
  const [handledLink, setHandledLink] = useState<string | undefined>(undefined);
  if (linkedProductId !== undefined && linkedProductId !== handledLink && sorted) {
    setHandledLink(linkedProductId);
    const linked = sorted.find((p) => p.id === linkedProductId) ?? localProducts?.find((p) => p.id === linkedProductId);
    if (linked && mode.kind === "idle") setMode({ kind: "editing", product: linked });
  }

  function closeForm() {
    setMode({ kind: "idle" });
    if (linkedProductId !== undefined) onLinkedClosed?.();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const product = toDelete;
    setDeleting(true);
    try {
      await adminApi.send<unknown>(
        "DELETE",
        `/api/admin/products/${encodeURIComponent(product.id)}?version=${product.version}`,
        undefined,
        {
          queueOffline: {
            entity: "product",
            entityId: product.id,
            baseVersion: product.version,
            label: t`Delete product: ${product.title}`,
          },
        },
      );
      toast.success(t`Product deleted`);
      refreshStorefront();
    } catch (err) {
      if (isQueued(err)) toasts.queued(product.title);
      else toast.error(t`Delete failed`, { description: errorText(err, t`Something went wrong. Please try again.`) });
    } finally {
      setDeleting(false);
      setToDelete(null);
      void products.reload();
    }
  }

  return (
    <section className="ac-panel" aria-labelledby="admin-products-title">
      <div className="ac-panel__head">
        <h2 id="admin-products-title">
          <Trans>Products</Trans>
        </h2>
        <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: "creating" })}>
          <Trans>New Product</Trans>
        </button>
      </div>

      <ListFilters label={<Trans>Title or product id</Trans>} onSearch={(q) => refine({ q })}>
        <div>
          <label htmlFor={categoryId}>
            <Trans>Category</Trans>
          </label>
          <select id={categoryId} value={filters.category} onChange={(e) => refine({ category: e.target.value })}>
            <option value="">{t`All categories`}</option>
            {categoryList.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>

      <OfflineCopyNote shown={offlineCopy} onRetry={() => void products.reload()} />

      {pending.creations.length > 0 ? (
        <ul className="ac-list" aria-label={t`Products waiting to be sent`}>
          {pending.creations.map((row) => {
            const body = queuedProductBody(row.body);
            return (
              <li key={row.id} className="ac-row" data-testid="queued-product">
                <span className="ac-row__main">
                  <span className="ac-row__name">{row.label}</span>
                </span>
                <PendingBadge status={row.status} />
                {/* Edited again before it reached the server: the queued creation changes. */}
                {body && row.id !== undefined && row.status !== "sending" ? (
                  <button
                    type="button"
                    className="btn btn--sm btn--secondary"
                    onClick={() => setMode({ kind: "editing-queued", queued: { id: row.id ?? 0, body } })}
                  >
                    <Trans>Edit</Trans>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      <ListState
        items={sorted}
        empty={filtered ? <Trans>No product matches this search.</Trans> : <Trans>No products yet</Trans>}
      >
        {(items) => (
          <ul className="ac-grid">
            {items.map((p) => (
              <li key={p.id} className="ac-card" data-testid="admin-product-card" data-product-id={p.id}>
                <div className="ac-card__media">
                  {p.image ? (
                    <img src={p.image} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <span className="muted">{t`No image`}</span>
                  )}
                </div>
                <div className="ac-card__body">
                  <h3 className="ac-card__title">{p.title}</h3>
                  <span className="ac-id" dir="ltr">
                    {p.id}
                  </span>
                  <span className="muted">{formatMoney(p.price.USD, "USD", i18n.locale)}</span>
                  <PendingBadge status={pending.byId.get(p.id)} />
                </div>
                <div className="ac-card__actions">
                  <button
                    type="button"
                    className="btn btn--sm btn--secondary"
                    onClick={() => setMode({ kind: "editing", product: p })}
                  >
                    <Trans>Edit</Trans>
                  </button>
                  <button type="button" className="btn btn--sm btn--danger" onClick={() => setToDelete(p)}>
                    <Trans>Delete</Trans>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>

      {offlineCopy ? null : (
        <CursorPager
          pages={pages}
          next={next}
          busy={products.loading}
          label={t`Pages of products`}
          testId="products-page"
        />
      )}

      <Dialog
        open={mode.kind !== "idle"}
        size="wider"
        title={mode.kind === "creating" ? <Trans>New Product</Trans> : <Trans>Edit Product</Trans>}
        onClose={closeForm}
      >
        {mode.kind === "idle" ? null : (
          <ProductForm
            key={
              mode.kind === "editing"
                ? `${mode.product.id}@${mode.product.version}`
                : mode.kind === "editing-queued"
                  ? `queued-${mode.queued.id}`
                  : "new"
            }
            product={mode.kind === "editing" ? mode.product : undefined}
            queued={mode.kind === "editing-queued" ? mode.queued : undefined}
            categories={categoryList}
            onCancel={closeForm}
            onDone={() => {
              closeForm();
              void products.reload();
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete product?</Trans>}
        message={<Trans>“{toDelete?.title ?? ""}” will be removed from the store. This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
