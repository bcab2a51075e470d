import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCurrency } from "../prefs/prefs-store.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useCatalogStatus, useCategories, useProducts, useSettings } from "./catalog-hooks.ts";
import { CatalogUnavailable } from "./catalog-unavailable.tsx";
import { GridSkeleton, ProductGrid } from "./product-grid.tsx";
import {
  applyFilters,
  DEFAULT_FILTERS,
  filtersFromSearch,
  isSort,
  PRICE_STEP,
  sameSearch,
  searchFromFilters,
  sliderMax,
  type Filters,
} from "./product-filters.ts";

/** The address follows the filters after this pause, so a dragged slider does not flood the history. */
const URL_UPDATE_DELAY_MS = 250;

export function AllProductsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`All Products`);
  const status = useCatalogStatus();
  const products = useProducts();
  const categories = useCategories();
  const currency = useCurrency();
  const { rates } = useSettings();
  const ids = { category: useId(), sort: useId(), min: useId(), max: useId() };
  const all = useMemo(() => products ?? [], [products]);
  const cats = useMemo(() => categories ?? [], [categories]);

  // The filters live in the address (shareable, kept on reload and by Back); the page keeps a copy so
  // sliders answer at once, and writes it back to the address after a short pause.
  const search = useSearch({ from: "/products" });
  const navigate = useNavigate({ from: "/products" });
  const fromAddress = useMemo(() => filtersFromSearch(search, cats), [search, cats]);
  const [filters, setFilters] = useState<Filters>(fromAddress);
  useEffect(() => setFilters(fromAddress), [fromAddress]);
  const loaded = status === "ready" && products !== undefined && categories !== undefined;
  useEffect(() => {
    // Until the catalog is here a category in the address cannot be resolved: leave the address alone.
    if (!loaded) return;
    const next = searchFromFilters(filters, cats);
    if (sameSearch(next, search)) return;
    const timer = window.setTimeout(() => void navigate({ search: next, replace: true }), URL_UPDATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, filters, cats, search, navigate]);

  const top = useMemo(() => sliderMax(all, currency, rates), [all, currency, rates]);
  const shown = useMemo(() => applyFilters(all, cats, filters, currency, rates), [all, cats, filters, currency, rates]);
  const total = all.length;
  const count = shown.length;
  const max = Math.min(filters.max ?? top, top);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const reset = () => setFilters(DEFAULT_FILTERS);

  const parents = cats.filter((c) => c.parentId === null);

  if (status === "failed") return <CatalogUnavailable />;
  return (
    <div className="container page">
      <div className="page__head">
        <h1>
          <Trans>All Products</Trans>
        </h1>
        {loaded ? (
          <p className="muted">
            <Plural value={total} one="# product" other="# products" />
          </p>
        ) : null}
      </div>
      <div className="listing">
        <aside className="box filters" aria-labelledby="filters-heading">
          <div className="filters__head">
            <h2 id="filters-heading">
              <Trans>Filters</Trans>
            </h2>
            <button type="button" className="btn btn--link" onClick={reset}>
              <Trans>Clear</Trans>
            </button>
          </div>
          <div className="field">
            <label htmlFor={ids.category}>
              <Trans>Category</Trans>
            </label>
            <select id={ids.category} value={filters.categoryId} onChange={(e) => set({ categoryId: e.target.value })}>
              <option value="">{t`All categories`}</option>
              {parents.map((parent) => (
                <optgroup key={parent.id} label={parent.name}>
                  <option value={parent.id}>{parent.name}</option>
                  {cats
                    .filter((c) => c.parentId === parent.id)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.sort}>
              <Trans>Sort by</Trans>
            </label>
            <select
              id={ids.sort}
              value={filters.sort}
              onChange={(e) => isSort(e.target.value) && set({ sort: e.target.value })}
            >
              <option value="name-asc">{t`Name: A to Z`}</option>
              <option value="name-desc">{t`Name: Z to A`}</option>
              <option value="price-asc">{t`Price: low to high`}</option>
              <option value="price-desc">{t`Price: high to low`}</option>
            </select>
          </div>
          <fieldset className="field price-range">
            <legend>
              <Trans>Price range ({currency})</Trans>
            </legend>
            <p className="price-range__values" aria-hidden="true">
              {filters.min} – {max}
            </p>
            <PriceSlider
              id={ids.min}
              label={<Trans>Minimum price</Trans>}
              top={top}
              value={Math.min(filters.min, top)}
              onChange={(min) => set({ min, max: min > max ? min : filters.max })}
            />
            <PriceSlider
              id={ids.max}
              label={<Trans>Maximum price</Trans>}
              top={top}
              value={max}
              onChange={(next) => set({ max: next >= top ? null : next, min: Math.min(filters.min, next) })}
            />
          </fieldset>
        </aside>
        <div className="listing__main">
          {loaded ? (
            <>
              <p className="listing__count" role="status">
                <Trans>
                  Showing {count} of {total} products
                </Trans>
              </p>
              {count === 0 ? (
                <div className="empty">
                  <p>
                    <Trans>No products found matching your filters.</Trans>
                  </p>
                  <button type="button" className="btn btn--primary" onClick={reset}>
                    <Trans>Reset Filters</Trans>
                  </button>
                </div>
              ) : (
                <ProductGrid products={shown} eagerCount={2} />
              )}
            </>
          ) : (
            <GridSkeleton />
          )}
        </div>
      </div>
    </div>
  );
}

/** One end of the price range: a slider from 0 to `top` in PRICE_STEP steps. */
function PriceSlider(props: {
  id: string;
  label: ReactNode;
  top: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="price-range__label">
        {props.label}
      </label>
      <input
        id={props.id}
        type="range"
        min={0}
        max={props.top}
        step={PRICE_STEP}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </>
  );
}
