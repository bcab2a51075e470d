/** The All Products filter and sort rules (docs/product.md, "All Products"), pure for tests. */
import { toMajor, type Currency, type Rates } from "@store/shared/currency";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { compareText } from "../search/normalize.ts";
import { sortPrice } from "./pricing.ts";

const SORTS = ["name-asc", "name-desc", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];
export const PRICE_STEP = 10;
const DEFAULT_PRICE_MAX = 1000;

export interface Filters {
  categoryId: string;
  sort: Sort;
  /** Whole major units of the selected currency. */
  min: number;
  /** null: up to the slider's top (1000 unless a product costs more), so no product is hidden by default. */
  max: number | null;
}

export const DEFAULT_FILTERS: Filters = { categoryId: "", sort: "name-asc", min: 0, max: null };

export function isSort(value: unknown): value is Sort {
  return typeof value === "string" && (SORTS as readonly string[]).includes(value);
}

/** Slider upper bound: the highest price in the currency rounded up to the step, at least 1000. */
export function sliderMax(products: readonly Product[], currency: Currency, rates: Rates): number {
  let top = 0;
  for (const p of products) top = Math.max(top, toMajor(sortPrice(p, currency, rates), currency));
  return Math.max(DEFAULT_PRICE_MAX, Math.ceil(top / PRICE_STEP) * PRICE_STEP);
}

export function applyFilters(
  products: readonly Product[],
  categories: readonly Category[],
  filters: Filters,
  currency: Currency,
  rates: Rates,
): Product[] {
  let ids: Set<string> | null = null;
  if (filters.categoryId) {
    ids = new Set([
      filters.categoryId,
      ...categories.filter((c) => c.parentId === filters.categoryId).map((c) => c.id),
    ]);
  }
  const priced = products
    .filter((p) => ids === null || (p.categoryId !== null && ids.has(p.categoryId)))
    .map((p) => ({ p, price: sortPrice(p, currency, rates) }))
    .filter(({ price }) => {
      const major = toMajor(price, currency);
      return major >= filters.min && (filters.max === null || major <= filters.max);
    });
  const byName = (a: Product, b: Product) => compareText(a.title, b.title);
  priced.sort((a, b) => {
    switch (filters.sort) {
      case "name-desc":
        return byName(b.p, a.p);
      case "price-asc":
        return a.price - b.price || byName(a.p, b.p);
      case "price-desc":
        return b.price - a.price || byName(a.p, b.p);
      default:
        return byName(a.p, b.p);
    }
  });
  return priced.map(({ p }) => p);
}

/** The filters as they appear in the All Products address (/products?category=…&sort=…&min=…&max=…). */
export interface ProductSearch {
  /** A category's slug (readable, and stable across the operator's renames of other categories). */
  category?: string;
  sort?: Sort;
  min?: number;
  max?: number;
}

function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Reads the address's filters, dropping anything malformed and anything equal to the default. */
export function parseProductSearch(raw: Record<string, unknown>): ProductSearch {
  const search: ProductSearch = {};
  if (typeof raw.category === "string" && raw.category.trim()) search.category = raw.category.trim();
  if (isSort(raw.sort) && raw.sort !== DEFAULT_FILTERS.sort) search.sort = raw.sort;
  const min = wholeNumber(raw.min);
  if (min !== undefined && min > 0) search.min = min;
  const max = wholeNumber(raw.max);
  if (max !== undefined) search.max = max;
  return search;
}

export function filtersFromSearch(search: ProductSearch, categories: readonly Category[]): Filters {
  const min = search.min ?? 0;
  return {
    categoryId: categories.find((c) => c.slug === search.category)?.id ?? "",
    sort: search.sort ?? DEFAULT_FILTERS.sort,
    min,
    max: search.max === undefined ? null : Math.max(search.max, min),
  };
}

export function searchFromFilters(filters: Filters, categories: readonly Category[]): ProductSearch {
  const category = categories.find((c) => c.id === filters.categoryId)?.slug;
  return parseProductSearch({
    category,
    sort: filters.sort,
    min: filters.min,
    ...(filters.max === null ? {} : { max: filters.max }),
  });
}

export function sameSearch(a: ProductSearch, b: ProductSearch): boolean {
  return a.category === b.category && a.sort === b.sort && a.min === b.min && a.max === b.max;
}
