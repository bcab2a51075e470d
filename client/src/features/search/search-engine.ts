/**
 * On-device search over the local catalog (docs/decisions.md D14). The catalog is folded once into an index
 * (normalized text, filter facts and the popularity/newest orders); a query is then one substring
 * scan plus either a sort of packed numeric keys (relevance) or a walk of a precomputed order.
 */
import { DEFAULT_RATES, type Currency, type Rates } from "@store/shared/currency";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { sortPrice } from "../catalog/pricing.ts";
import { normalizeText } from "./normalize.ts";
import { filterPredicate, filtersKey, type FilterFacts, type SearchFilters } from "./search-filters.ts";

export const SEARCH_SORTS = ["relevance", "price-asc", "price-desc", "popularity", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

export const GIFT_CARDS_SLUG = "gift-cards";
export const POPULAR_LIMIT = 6;
const CACHE_LIMIT = 100;
// Never produced by normalizeText from typed text, so no match spans two products or title and body.
const SEPARATOR = "\u0001";

interface Entry extends FilterFacts {
  product: Product;
  title: string;
  /** Description, category (and parent category) names and platform, folded and joined. */
  rest: string;
}

export interface SearchIndex {
  /** Entries in folded-title order, so an entry's position doubles as the last tie-breaker. */
  readonly entries: readonly Entry[];
  /** Every entry's title, a separator and its other text, in entry order: one string to scan. */
  readonly haystack: string;
  /** Where each entry starts in the haystack and where its title ends (one extra start at the end). */
  readonly starts: Int32Array;
  readonly titleEnds: Int32Array;
  /** Entry positions by real sales (best first), then by newest first. */
  readonly bySales: Int32Array;
  readonly byNewest: Int32Array;
  /** Entry positions by displayed unit price per currency and rate, built on first use. */
  readonly byPrice: Map<string, Int32Array>;
  readonly cache: Map<string, readonly Product[]>;
}

export interface SearchRequest {
  query: string;
  filters: SearchFilters;
  sort: SearchSort;
  currency: Currency;
  rates: Rates;
}

function orderBy(entries: readonly Entry[], compare: (a: Entry, b: Entry) => number): Int32Array {
  const order = Int32Array.from(entries.keys());
  return order.sort((a, b) => {
    const x = entries[a];
    const y = entries[b];
    return x && y ? compare(x, y) || a - b : 0;
  });
}

/** Folds every product once; build again only when the catalog (or its categories) changed. */
export function buildSearchIndex(products: readonly Product[], categories: readonly Category[]): SearchIndex {
  const byId = new Map(categories.map((c) => [c.id, c] as const));
  const entries = products.map((product): Entry => {
    const category = product.categoryId === null ? undefined : byId.get(product.categoryId);
    const parent = category?.parentId ? byId.get(category.parentId) : undefined;
    const rest = [product.description, category?.name ?? "", parent?.name ?? "", product.platform].join("\n");
    return {
      product,
      title: normalizeText(product.title),
      rest: normalizeText(rest),
      platform: product.platform,
      region: product.region,
      giftCard: category?.slug === GIFT_CARDS_SLUG || parent?.slug === GIFT_CARDS_SLUG,
      // USD needs no rate, so the default table is exact here.
      usdPrice: sortPrice(product, "USD", DEFAULT_RATES),
    };
  });
  entries.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.product.id < b.product.id ? -1 : 1));
  const starts = new Int32Array(entries.length + 1);
  const titleEnds = new Int32Array(entries.length);
  const parts: string[] = [];
  let offset = 0;
  entries.forEach((entry, at) => {
    starts[at] = offset;
    titleEnds[at] = offset + entry.title.length;
    const chunk = `${entry.title}${SEPARATOR}${entry.rest}${SEPARATOR}`;
    parts.push(chunk);
    offset += chunk.length;
  });
  starts[entries.length] = offset;
  return {
    entries,
    haystack: parts.join(""),
    starts,
    titleEnds,
    bySales: orderBy(entries, (a, b) => b.product.sales - a.product.sales),
    byNewest: orderBy(entries, (a, b) => b.product.createdAt - a.product.createdAt),
    byPrice: new Map(),
    cache: new Map(),
  };
}

function priceOrder(index: SearchIndex, currency: Currency, rates: Rates): Int32Array {
  const key = `${currency}:${rates[currency]}`;
  let order = index.byPrice.get(key);
  if (!order) {
    const prices = index.entries.map((e) => sortPrice(e.product, currency, rates));
    order = Int32Array.from(index.entries.keys()).sort((a, b) => (prices[a] ?? 0) - (prices[b] ?? 0) || a - b);
    index.byPrice.set(key, order);
  }
  return order;
}

export function cacheKey(req: SearchRequest): string {
  const priced = req.sort === "price-asc" || req.sort === "price-desc";
  return [
    normalizeText(req.query),
    filtersKey(req.filters),
    req.sort,
    priced ? `${req.currency}:${req.rates[req.currency]}` : "",
  ].join("\u0000");
}

// Relevance packs (field, position, title length, title order) into one exact float64 key.
const POS_CAP = 4095;
const LEN_CAP = 1023;
const ORD_SPAN = 2 ** 21;

function relevanceKey(field: number, pos: number, titleLength: number, at: number): number {
  return (
    ((field * (POS_CAP + 1) + Math.min(pos, POS_CAP)) * (LEN_CAP + 1) + Math.min(titleLength, LEN_CAP)) * ORD_SPAN + at
  );
}

function walk(index: SearchIndex, order: Int32Array, matched: Uint8Array, reverse: boolean): Product[] {
  const out: Product[] = [];
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const at = order[reverse ? n - 1 - i : i] ?? 0;
    if (matched[at] === 1) {
      const entry = index.entries[at];
      if (entry) out.push(entry.product);
    }
  }
  return out;
}

/**
 * Every product matching the trimmed query (a substring of title, description, category or
 * platform, ignoring case, accents and Arabic variants) and the filters, sorted:
 * relevance = title matches first, then earlier match, then shorter title; price = displayed unit
 * price in the chosen currency; popularity = real sales; newest = createdAt. Empty query: [].
 */
export function searchProducts(index: SearchIndex, req: SearchRequest): readonly Product[] {
  const q = normalizeText(req.query);
  if (!q) return [];
  const key = cacheKey(req);
  const cached = index.cache.get(key);
  if (cached) {
    // Refresh its place in the least-recently-used order.
    index.cache.delete(key);
    index.cache.set(key, cached);
    return cached;
  }
  const keep = filterPredicate(req.filters);
  const relevance = req.sort === "relevance";
  const matched = new Uint8Array(index.entries.length);
  const keys: number[] = [];
  const { entries, haystack, starts, titleEnds } = index;
  // One scan of the whole catalog text: jump from match to match, then to the next product.
  let at = 0;
  let from = 0;
  for (;;) {
    const hit = haystack.indexOf(q, from);
    if (hit < 0) break;
    while ((starts[at + 1] ?? Infinity) <= hit) at++;
    from = starts[at + 1] ?? haystack.length;
    const entry = entries[at];
    if (!entry || (keep && !keep(entry))) continue;
    matched[at] = 1;
    if (relevance) {
      const start = starts[at] ?? 0;
      const titleEnd = titleEnds[at] ?? 0;
      const inTitle = hit < titleEnd;
      // The first hit in a product is in its title when the title has one at all.
      keys.push(relevanceKey(inTitle ? 0 : 1, inTitle ? hit - start : hit - titleEnd - 1, entry.title.length, at));
    }
  }

  let result: Product[];
  if (relevance) {
    const sorted = Float64Array.from(keys).sort();
    result = [];
    for (const k of sorted) {
      const entry = entries[k % ORD_SPAN];
      if (entry) result.push(entry.product);
    }
  } else if (req.sort === "popularity") {
    result = walk(index, index.bySales, matched, false);
  } else if (req.sort === "newest") {
    result = walk(index, index.byNewest, matched, false);
  } else {
    result = walk(index, priceOrder(index, req.currency, req.rates), matched, req.sort === "price-desc");
  }

  index.cache.set(key, result);
  if (index.cache.size > CACHE_LIMIT) {
    const oldest = index.cache.keys().next();
    if (!oldest.done) index.cache.delete(oldest.value);
  }
  return result;
}

/** 'popular now': the best sellers among the products the filters keep (up to 6). */
export function popularProducts(index: SearchIndex, filters: SearchFilters, limit = POPULAR_LIMIT): Product[] {
  const keep = filterPredicate(filters);
  const out: Product[] = [];
  for (const at of index.bySales) {
    if (out.length >= limit) break;
    const entry = index.entries[at];
    if (entry && (!keep || keep(entry))) out.push(entry.product);
  }
  return out;
}
