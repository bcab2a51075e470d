/** Admin > Products: the catalog as cards (image, title, id, Edit, Delete) and the New/Edit form. The list is paged
 * on the server, newest first (docs/decisions.md D30), searchable by title or id and filtered by category; offline,
 * the copy synced on this device stands in for it. */
import { useState } from "react";
import { CursorPager, FilterSelect, ListFilters, useCursorPages } from "../panel/cursor-pages.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { formatMoney } from "@store/shared/currency";
import type { Product } from "@store/shared/schemas/catalog";
import * as api from "../../../api/admin-endpoints.ts";
import { bind } from "../../../api/admin-endpoints.ts";
import { useCategories, useProducts } from "../../catalog/catalog-hooks.ts";
import { useAdminResource } from "../panel/admin-request.ts";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { ProductForm } from "./product-form.tsx";
import { PRODUCTS, queuedProductBody, type QueuedCreation } from "./use-product-form.ts";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import { useEntityList } from "../panel/entity-editor/use-entity-list.ts";
import { useEntityEditor } from "../panel/entity-editor/use-entity-editor.ts";
import { EntityDeleteDialog, EntityFormDialog, EntitySection } from "../panel/entity-editor/entity-editor-parts.tsx";
import "../panel/panels.css";

const PRODUCTS_PAGE_SIZE = 24;

interface Filters {
  q: string;
  category: string;
}

/** The device's copy filtered as the server would (offline): part of the title in any case, or the id. */
function matchesOffline(p: Product, { q, category }: Filters): boolean {
  const needle = q.trim().toLowerCase();
  if (category !== "" && p.categoryId !== category) return false;
  return needle === "" || p.title.toLowerCase().includes(needle) || p.id === q.trim();
}

interface ProductsPanelProps {
  /** A product to open in the editor as soon as the list is loaded (the address's ?product=). */
  linkedProductId?: string | undefined;
  /** The linked product's editor was closed: the address forgets it. */
  onLinkedClosed?: () => void;
}

export function ProductsPanel({ linkedProductId, onLinkedClosed }: ProductsPanelProps = {}) {
  const { t, i18n } = useLingui();
  const pages = useCursorPages<Filters>({ q: "", category: "" });
  const { filters, cursor, refine } = pages;
  const localProducts = useProducts();
  // Offline, the copy synced on this device stands in for the server's page.
  const products = useEntityList(PRODUCTS, {
    from: bind(api.products.page, { limit: PRODUCTS_PAGE_SIZE, q: filters.q, category: filters.category, cursor }),
    rows: (data) => data.products,
    local: {
      rows: localProducts,
      select: (rows) => rows.filter((p) => matchesOffline(p, filters)).sort((a, b) => b.createdAt - a.createdAt),
    },
    loadFailed: () => toast.error(t`Failed to load products`),
  });
  const categories = useAdminResource(api.categories.list);
  const localCategories = useCategories();
  const { pending } = products;
  const editor = useEntityEditor<Product, QueuedCreation>(PRODUCTS, products, {
    storefront: true,
    remove: {
      label: (product) => t`Delete product: ${product.title}`,
      done: t`Product deleted`,
      failTitle: t`Delete failed`,
      versioned: true,
    },
    onClose: () => {
      if (linkedProductId !== undefined) onLinkedClosed?.();
    },
  });

  const sorted = products.items;
  const next = products.data?.next ?? null;
  const categoryList = categories.data ?? localCategories ?? [];
  const filtered = filters.q.trim() !== "" || filters.category !== "";

  // The linked product opens once, when the first page has loaded: from that page or the device's copy.
  const [handledLink, setHandledLink] = useState<string | undefined>(undefined);
  if (linkedProductId !== undefined && linkedProductId !== handledLink && sorted) {
    setHandledLink(linkedProductId);
    const linked = sorted.find((p) => p.id === linkedProductId) ?? localProducts?.find((p) => p.id === linkedProductId);
    if (linked && editor.mode.kind === "idle") editor.edit(linked);
  }

  return (
    <EntitySection
      titleId="admin-products-title"
      title={<Trans>Products</Trans>}
      addLabel={<Trans>New Product</Trans>}
      onAdd={editor.create}
    >
      <ListFilters label={<Trans>Title or product id</Trans>} onSearch={(q) => refine({ q })}>
        <FilterSelect
          label={<Trans>Category</Trans>}
          value={filters.category}
          all={t`All categories`}
          options={categoryList.map((c) => [c.id, c.name] as const)}
          onChange={(category) => refine({ category })}
        />
      </ListFilters>

      <OfflineCopyNote shown={products.offlineCopy} onRetry={products.reload} />

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
                    onClick={() => editor.editQueued({ id: row.id ?? 0, body })}
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
                  <button type="button" className="btn btn--sm btn--secondary" onClick={() => editor.edit(p)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button type="button" className="btn btn--sm btn--danger" onClick={() => editor.askDelete(p)}>
                    <Trans>Delete</Trans>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>

      {products.offlineCopy ? null : (
        <CursorPager
          pages={pages}
          next={next}
          busy={products.loading}
          label={t`Pages of products`}
          testId="products-page"
        />
      )}

      <EntityFormDialog
        editor={editor}
        size="wider"
        title={{ add: <Trans>New Product</Trans>, edit: <Trans>Edit Product</Trans> }}
      >
        {(product, queued) => (
          <ProductForm
            product={product}
            queued={queued}
            categories={categoryList}
            onCancel={editor.close}
            onDone={editor.done}
          />
        )}
      </EntityFormDialog>

      <EntityDeleteDialog
        editor={editor}
        title={<Trans>Delete product?</Trans>}
        message={(toDelete) => (
          <Trans>“{toDelete?.title ?? ""}” will be removed from the store. This cannot be undone.</Trans>
        )}
      />
    </EntitySection>
  );
}
