/**
 * On-device search over the local catalog (docs/decisions.md D14). The catalog is folded once into an index
 * (a word index of the folded texts, filter facts and the popularity/newest orders). A query is answered from
 * the word index as a bitset of matches, then ordered only as far as it is read: a bounded heap of packed
 * numeric keys for relevance, a walk of a precomputed order otherwise.
 */
import { localizeCategory, localizeProduct } from "@store/shared/catalog-translations";
import { DEFAULT_RATES, type Currency, type Rates } from "@store/shared/currency";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { sortPrice } from "../catalog/pricing.ts";
import { normalizeText } from "./normalize.ts";
import { filterPredicate, filtersKey, type FilterFacts, type SearchFilters } from "./search-filters.ts";
import {
  clearBit,
  compileQuery,
  countBits,
  firstPosition,
  hasBit,
  indexRuns,
  OTHER_TEXT,
  setBits,
  TITLE,
  Vocabulary,
  wordRun,
  type CompiledQuery,
  type WordIndex,
  type WordRun,
} from "./word-index.ts";

export const SEARCH_SORTS = ["relevance", "price-asc", "price-desc", "popularity", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

const GIFT_CARDS_SLUG = "gift-cards";
const POPULAR_LIMIT = 6;
const CACHE_LIMIT = 100;

export interface SearchEntry extends FilterFacts {
  product: Product;
}

export interface SearchIndex {
  /** Entries in folded-title order, so an entry's position doubles as the last tie-breaker. */
  readonly entries: readonly SearchEntry[];
  /**
   * Each product's folded title and other text (description, category and parent names, platform), by id; empty
   * in an index built in a worker (the worker keeps them for its next build).
   */
  readonly folds: ReadonlyMap<string, Fold>;
  /** The same texts as words, in entry order. */
  readonly words: WordIndex;
  /** SearchEntry positions by real sales (best first), then by newest first. */
  readonly bySales: Int32Array;
  readonly byNewest: Int32Array;
  /** SearchEntry positions by displayed unit price per currency and rate, built on first use. */
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

/** Entry positions by ascending `keys` (one per entry), ties by position. */
function orderBy(keys: Float64Array): Int32Array {
  return Int32Array.from(keys.keys()).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
}

interface Folded {
  entry: SearchEntry;
  fold: Fold;
}

/** By folded title, then id: the entries' order. */
function titleOrder(a: Folded, b: Folded): number {
  if (a.fold.title !== b.fold.title) return a.fold.title < b.fold.title ? -1 : 1;
  return a.entry.product.id < b.entry.product.id ? -1 : 1;
}

/**
 * The products in title order. Given the index this one replaces, the products whose folded texts it kept stay in
 * its order (their titles did not change) and only the others are sorted, then merged in: a small change sorts a
 * few products, not the catalog.
 */
function inTitleOrder(folded: Folded[], previous: Pick<SearchIndex, "folds" | "entries"> | undefined): Folded[] {
  if (!previous || previous.entries.length === 0) return folded.sort(titleOrder);
  const kept = new Map<string, Folded>();
  const changed: Folded[] = [];
  for (const f of folded) {
    if (previous.folds.get(f.entry.product.id) === f.fold) kept.set(f.entry.product.id, f);
    else changed.push(f);
  }
  const stay: Folded[] = [];
  for (const { product } of previous.entries) {
    const f = kept.get(product.id);
    if (f) stay.push(f);
  }
  changed.sort(titleOrder);
  const out: Folded[] = [];
  let i = 0;
  let j = 0;
  while (i < stay.length || j < changed.length) {
    const a = stay[i];
    const b = changed[j];
    if (a && (!b || titleOrder(a, b) < 0)) {
      out.push(a);
      i++;
    } else if (b) {
      out.push(b);
      j++;
    }
  }
  return out;
}

/** A product's folded texts, kept from one build to the next: a small catalog change folds only what changed, and
 * cuts only those texts into words again. */
interface Fold {
  /** What the texts were folded from: the product's version and its category names. */
  from: string;
  title: string;
  other: string;
  /** The texts as words of the vocabulary of the last build that used them. */
  run?: WordRun;
}

/** The vocabulary the folds' word runs were cut with, to go on with (unless worn: then a fresh one). */
function vocabularyOf(folds: ReadonlyMap<string, Fold> | undefined): Vocabulary {
  for (const fold of folds?.values() ?? []) {
    const vocabulary = fold.run?.vocabulary;
    return vocabulary && !vocabulary.isWorn() ? vocabulary : new Vocabulary();
  }
  return new Vocabulary();
}

/**
 * Folds every product once; build again only when the catalog (or its categories) changed. Given the folds of
 * the index it replaces, a product whose version and category names are unchanged keeps its folded texts and their
 * words: only the products that changed are folded and cut into words again. `lang` is the shopper's language: a
 * product or category the operator translated into it is indexed (and shown) by its translated texts, the product's
 * default title staying searchable beside them (docs/product.md, "Catalog languages").
 */
export function buildSearchIndex(
  products: readonly Product[],
  categories: readonly Category[],
  previous?: Pick<SearchIndex, "folds" | "entries">,
  lang = "en",
): SearchIndex {
  const byId = new Map(categories.map((c) => [c.id, localizeCategory(c, lang)] as const));
  const folds = new Map<string, Fold>();
  const folded = products.map((stored): Folded => {
    const product = localizeProduct(stored, lang);
    const translated = product !== stored;
    const category = product.categoryId === null ? undefined : byId.get(product.categoryId);
    const parent = category?.parentId ? byId.get(category.parentId) : undefined;
    let from = `${product.version}:${product.updatedAt}\n${category?.name ?? ""}\n${parent?.name ?? ""}`;
    if (translated) from += `\n${lang}`;
    let fold = previous?.folds.get(product.id);
    if (fold?.from !== from) {
      const texts = [product.description, category?.name ?? "", parent?.name ?? "", product.platform];
      if (translated) texts.push(stored.title);
      fold = { from, title: normalizeText(product.title), other: normalizeText(texts.join("\n")) };
    }
    folds.set(product.id, fold);
    const entry: SearchEntry = {
      product,
      platform: product.platform,
      region: product.region,
      giftCard: category?.slug === GIFT_CARDS_SLUG || parent?.slug === GIFT_CARDS_SLUG,
      // USD needs no rate, so the default table is exact here.
      usdPrice: sortPrice(product, "USD", DEFAULT_RATES),
    };
    return { entry, fold };
  });
  const ordered = inTitleOrder(folded, previous);
  const entries = ordered.map((f) => f.entry);
  const vocabulary = vocabularyOf(previous?.folds);
  const runs = ordered.map(({ fold }) => {
    if (fold.run?.vocabulary !== vocabulary) fold.run = wordRun(vocabulary, fold.title, fold.other);
    return fold.run;
  });
  return {
    entries,
    folds,
    words: indexRuns(vocabulary, runs),
    bySales: orderBy(Float64Array.from(entries, (e) => -e.product.sales)),
    byNewest: orderBy(Float64Array.from(entries, (e) => -e.product.createdAt)),
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

function cacheKey(req: SearchRequest): string {
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

/** Keeps the `limit` smallest keys offered to it: a bounded max-heap, O(log limit) per key. */
class SmallestKeys {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(private readonly limit: number) {
    this.heap = new Float64Array(limit);
  }

  get full(): boolean {
    return this.size === this.limit;
  }

  /** The largest key kept (meaningful once full): a key above it cannot get in. */
  get largest(): number {
    return this.heap[0] ?? 0;
  }

  offer(key: number): void {
    const heap = this.heap;
    if (this.size < this.limit) {
      // Sift up.
      let at = this.size++;
      heap[at] = key;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((heap[parent] ?? 0) >= key) break;
        heap[at] = heap[parent] ?? 0;
        heap[parent] = key;
        at = parent;
      }
      return;
    }
    if (this.limit === 0 || key >= (heap[0] ?? 0)) return;
    heap[0] = key;
    // Sift down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let top = at;
      if (left < this.size && (heap[left] ?? 0) > (heap[top] ?? 0)) top = left;
      if (right < this.size && (heap[right] ?? 0) > (heap[top] ?? 0)) top = right;
      if (top === at) return;
      const swap = heap[at] ?? 0;
      heap[at] = heap[top] ?? 0;
      heap[top] = swap;
      at = top;
    }
  }

  /** The keys kept, ascending. */
  sorted(): Float64Array {
    return this.heap.slice(0, this.size).sort();
  }
}

/** The `limit` smallest of `keys`, ascending, without sorting them all. */
export function smallest(keys: readonly number[], limit: number): Float64Array {
  const best = new SmallestKeys(Math.min(limit, keys.length));
  for (const key of keys) best.offer(key);
  return best.sorted();
}

/** The field and position parts of a relevance key. */
const keyField = (key: number) => Math.floor(key / ORD_SPAN / (LEN_CAP + 1) / (POS_CAP + 1));
const keyPosition = (key: number) => Math.floor(key / ORD_SPAN / (LEN_CAP + 1)) % (POS_CAP + 1);

/**
 * The relevance key of entry `at` for the query (title matches first), or -1 where it does not hold it or
 * cannot rank before `worst`: then only the stretch of text that could still rank is read.
 */
function matchKey(words: WordIndex, query: CompiledQuery, at: number, worst = Infinity): number {
  // A position at the cap stands for every later one, so it bounds nothing.
  const bound = worst === Infinity || keyPosition(worst) >= POS_CAP ? Infinity : keyPosition(worst);
  const titleOnly = worst !== Infinity && keyField(worst) === TITLE;
  const length = words.titleLengths[at] ?? 0;
  const inTitle = firstPosition(words, query, at, TITLE, titleOnly ? bound : Infinity);
  if (inTitle >= 0) return relevanceKey(TITLE, inTitle, length, at);
  if (titleOnly) return -1;
  const inText = firstPosition(words, query, at, OTHER_TEXT, bound);
  return inText >= 0 ? relevanceKey(OTHER_TEXT, inText, length, at) : -1;
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
  /** A walk: where in the order it stopped. */
  private cursor = 0;

  constructor(
    readonly length: number,
    private readonly next: (hits: OrderedHits, want: number) => void,
  ) {}

  /** Extends the ordered prefix to at least `want` products (or every hit). */
  private grow(want: number): void {
    const target = Math.min(this.length, want);
    if (this.done.length < target) this.next(this, Math.max(target, this.done.length * 2));
  }

  /** Hits whose relevance keys are known. */
  static ranked(total: number, entries: readonly SearchEntry[], keys: readonly number[]): OrderedHits {
    return new OrderedHits(total, (hits, want) => {
      const best = smallest(keys, want);
      hits.take(entries, best);
    });
  }

  /**
   * Hits of a one-word query, ranked as far as they are read: each page reads only the stretch of each hit's
   * text that can still rank (once the page is full of title matches, a text's other words are not read).
   * Later pages compile the query again rather than keep its per-word table alive in the cache.
   */
  static relevance(
    total: number,
    entries: readonly SearchEntry[],
    words: WordIndex,
    matched: Uint32Array,
    compiled: CompiledQuery,
    q: string,
  ): OrderedHits {
    let query: CompiledQuery | null = compiled;
    return new OrderedHits(total, (hits, want) => {
      const current = query ?? compileQuery(words, q);
      query = null;
      const best = new SmallestKeys(Math.min(want, total));
      for (const at of setBits(matched)) {
        const key = matchKey(words, current, at, best.full ? best.largest : Infinity);
        if (key >= 0) best.offer(key);
      }
      hits.take(entries, best.sorted());
    });
  }

  /** Adds the entries of the best keys past those already done. */
  private take(entries: readonly SearchEntry[], best: Float64Array): void {
    for (let i = this.done.length; i < best.length; i++) {
      const entry = entries[(best[i] ?? 0) % ORD_SPAN];
      if (entry) this.done.push(entry.product);
    }
  }

  static walk(
    total: number,
    entries: readonly SearchEntry[],
    order: Int32Array,
    matched: Uint32Array,
    reverse: boolean,
  ): OrderedHits {
    return new OrderedHits(total, (hits, want) => {
      const n = order.length;
      while (hits.cursor < n && hits.done.length < want) {
        const at = order[reverse ? n - 1 - hits.cursor : hits.cursor] ?? 0;
        hits.cursor++;
        if (hasBit(matched, at)) {
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
  const { entries } = index;
  const query = compileQuery(index.words, q);
  const matched = query.candidates;
  const keep = filterPredicate(req.filters);
  const relevance = req.sort === "relevance";
  // A query of several words is checked entry by entry (and ranked at once); one word is exact as it stands.
  const keys: number[] | null = relevance && !query.exact ? [] : null;
  let total = 0;
  if (keep || !query.exact) {
    for (const at of setBits(matched)) {
      const entry = entries[at];
      const key = !entry || (keep && !keep(entry)) ? -1 : query.exact ? 0 : matchKey(index.words, query, at);
      if (key < 0) {
        clearBit(matched, at);
        continue;
      }
      total++;
      keys?.push(key);
    }
  } else {
    total = countBits(matched);
  }

  const order =
    req.sort === "popularity"
      ? index.bySales
      : req.sort === "newest"
        ? index.byNewest
        : req.sort === "relevance"
          ? null
          : priceOrder(index, req.currency, req.rates);
  const result =
    order === null
      ? keys
        ? OrderedHits.ranked(total, entries, keys)
        : OrderedHits.relevance(total, entries, index.words, matched, query, q)
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
