import { useMemo } from "react";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useCatalogStatus, useProducts } from "./catalog-hooks.ts";
import { useLocalizedCategories } from "./localized.ts";
import { CatalogUnavailable } from "./catalog-unavailable.tsx";
import { ProductGrid } from "./product-grid.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { compareText } from "../search/normalize.ts";
import { PageMessage } from "../layout/page-message.tsx";

/** Products of a category and of its subcategories (one level of nesting). */
function productsInCategory(
  category: Category,
  categories: readonly Category[],
  products: readonly Product[],
): Product[] {
  const ids = new Set([category.id, ...categories.filter((c) => c.parentId === category.id).map((c) => c.id)]);
  return products
    .filter((p) => p.categoryId !== null && ids.has(p.categoryId))
    .sort((a, b) => compareText(a.title, b.title));
}

export function CategoryPage({ slug }: { slug: string }) {
  const { t } = useLingui();
  const status = useCatalogStatus();
  const categories = useLocalizedCategories();
  const products = useProducts();
  const category = categories?.find((c) => c.slug === slug);
  const parent = category?.parentId ? categories?.find((c) => c.id === category.parentId) : undefined;
  const children = useMemo(
    () => (category && categories ? categories.filter((c) => c.parentId === category.id) : []),
    [category, categories],
  );
  const list = useMemo(
    () => (category && categories && products ? productsInCategory(category, categories, products) : []),
    [category, categories, products],
  );
  const name = category?.name;
  const count = list.length;
  useDocumentTitle(name ? t`${name} Store` : null);

  if (status === "failed") return <CatalogUnavailable />;
  if (status !== "ready" || categories === undefined || products === undefined) {
    return (
      <div className="container page" aria-busy="true">
        <p role="status" className="loading">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (!category) {
    return (
      <PageMessage
        title={<Trans>Category not found</Trans>}
        action={
          <Link to="/products" className="btn btn--primary">
            <Trans>Browse all products</Trans>
          </Link>
        }
      >
        <Trans>This category does not exist or was removed.</Trans>
      </PageMessage>
    );
  }

  return (
    <div className="container page">
      <Breadcrumb within={parent} current={category.name} />
      <div className="page__head">
        <h1>{category.name}</h1>
        <p className="muted">
          <Plural value={count} one="# product" other="# products" />
        </p>
      </div>
      {children.length > 0 ? (
        <ul className="chip-row" aria-label={t`Subcategories`}>
          {children.map((c) => (
            <li key={c.id}>
              <Link to="/category/$slug" params={{ slug: c.slug }} className="chip chip--link">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <h2 className="visually-hidden">
        <Trans>Products</Trans>
      </h2>
      {list.length === 0 ? (
        <div className="empty">
          <p>
            <Trans>No products yet</Trans>
          </p>
          <Link to="/admin">
            <Trans>Add products in the admin console</Trans>
          </Link>
        </div>
      ) : (
        <ProductGrid products={list} eagerCount={2} />
      )}
    </div>
  );
}
