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
  readonly cache: Map<string, SearchHits>;
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

/** The `limit` smallest of `keys`, ascending, without sorting them all: a bounded max-heap, O(n log limit). */
export function smallest(keys: readonly number[], limit: number): Float64Array {
  if (keys.length <= limit) return Float64Array.from(keys).sort();
  const heap = new Float64Array(limit);
  let size = 0;
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let top = at;
      if (left < size && (heap[left] ?? 0) > (heap[top] ?? 0)) top = left;
      if (right < size && (heap[right] ?? 0) > (heap[top] ?? 0)) top = right;
      if (top === at) return;
      const swap = heap[at] ?? 0;
      heap[at] = heap[top] ?? 0;
      heap[top] = swap;
      at = top;
    }
  };
  for (const key of keys) {
    if (size < limit) {
      // Sift up.
      let at = size++;
      heap[at] = key;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((heap[parent] ?? 0) >= key) break;
        heap[at] = heap[parent] ?? 0;
        heap[parent] = key;
        at = parent;
      }
    } else if (key < (heap[0] ?? 0)) {
      heap[0] = key;
      siftDown(0);
    }
  }
  return heap.sort();
}

/**
 * Search hits in their requested order, ordered only as far as they are read: `length` is every match, counted
 * in one scan, and `slice(0, n)` orders the first n (a bounded heap for relevance, a walk of a precomputed
 * order otherwise), so a query costs the same whether it matches ten products or forty thousand. An array of
 * products is one too.
 */
export interface SearchHits {
  readonly length: number;
  slice(start?: number, end?: number): readonly Product[];
  at(position: number): Product | undefined;
}

class OrderedHits implements SearchHits {
  private readonly done: Product[] = [];
  /** Relevance: how many of the best keys `done` holds; a walk: where in the order it stopped. */
  private cursor = 0;

  constructor(
    readonly length: number,
    private readonly entries: readonly Entry[],
    private readonly next: (hits: OrderedHits, want: number) => void,
  ) {}

  /** Extends the ordered prefix to at least `want` products (or every hit). */
  private grow(want: number): void {
    const target = Math.min(this.length, want);
    if (this.done.length < target) this.next(this, Math.max(target, this.done.length * 2));
  }

  static relevance(total: number, entries: readonly Entry[], keys: readonly number[]): OrderedHits {
    return new OrderedHits(total, entries, (hits, want) => {
      const best = smallest(keys, want);
      for (let i = hits.done.length; i < best.length; i++) {
        const entry = entries[(best[i] ?? 0) % ORD_SPAN];
        if (entry) hits.done.push(entry.product);
      }
    });
  }

  static walk(
    total: number,
    entries: readonly Entry[],
    order: Int32Array,
    matched: Uint8Array,
    reverse: boolean,
  ): OrderedHits {
    return new OrderedHits(total, entries, (hits, want) => {
      const n = order.length;
      while (hits.cursor < n && hits.done.length < want) {
        const at = order[reverse ? n - 1 - hits.cursor : hits.cursor] ?? 0;
        hits.cursor++;
        if (matched[at] === 1) {
          const entry = entries[at];
          if (entry) hits.done.push(entry.product);
        }
      }
    });
  }

  slice(start = 0, end = this.length): readonly Product[] {
    this.grow(end);
    return this.done.slice(start, end);
  }

  at(position: number): Product | undefined {
    if (position < 0 || position >= this.length) return undefined;
    this.grow(position + 1);
    return this.done[position];
  }
}

/**
 * Every product matching the trimmed query (a substring of title, description, category or
 * platform, ignoring case, accents and Arabic variants) and the filters, sorted:
 * relevance = title matches first, then earlier match, then shorter title; price = displayed unit
 * price in the chosen currency; popularity = real sales; newest = createdAt. Empty query: none.
 */
export function searchProducts(index: SearchIndex, req: SearchRequest): SearchHits {
  const q = normalizeText(req.query);
  if (!q) return NO_HITS;
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
  let total = 0;
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
    total++;
    if (relevance) {
      const start = starts[at] ?? 0;
      const titleEnd = titleEnds[at] ?? 0;
      const inTitle = hit < titleEnd;
      // The first hit in a product is in its title when the title has one at all.
      keys.push(relevanceKey(inTitle ? 0 : 1, inTitle ? hit - start : hit - titleEnd - 1, entry.title.length, at));
    }
  }

  const order =
    req.sort === "popularity"
      ? index.bySales
      : req.sort === "newest"
        ? index.byNewest
        : relevance
          ? null
          : priceOrder(index, req.currency, req.rates);
  const result =
    order === null
      ? OrderedHits.relevance(total, entries, keys)
      : OrderedHits.walk(total, entries, order, matched, req.sort === "price-desc");

  index.cache.set(key, result);
  if (index.cache.size > CACHE_LIMIT) {
    const oldest = index.cache.keys().next();
    if (!oldest.done) index.cache.delete(oldest.value);
  }
  return result;
}

const NO_HITS: SearchHits = [];

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
