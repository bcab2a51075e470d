/**
 * A search index as one message from the worker that builds it (search-index.worker.ts) to the page: the products
 * in entry order, their filter facts and orders as typed arrays, and the word index packed (word-index.ts).
 * The typed arrays are handed over, not copied.
 */
import type { Product } from "@store/shared/schemas/catalog";
import type { SearchEntry, SearchIndex } from "./search-engine.ts";
import { packWords, unpackWords, type PackedWords } from "./word-index.ts";

export interface PackedSearchIndex {
  /** The catalog version the index was built from. */
  version: unknown;
  /** The language whose catalog texts it holds. */
  lang: string;
  /** The products in entry order (folded-title order). */
  products: Product[];
  giftCards: Uint8Array;
  usdPrices: Float64Array;
  words: PackedWords;
  bySales: Int32Array;
  byNewest: Int32Array;
}

export function packSearchIndex(
  index: SearchIndex,
  version: unknown,
  lang = "en",
): { packed: PackedSearchIndex; transfer: ArrayBuffer[] } {
  const { packed: words, transfer } = packWords(index.words);
  const giftCards = Uint8Array.from(index.entries, (e) => (e.giftCard ? 1 : 0));
  const usdPrices = Float64Array.from(index.entries, (e) => e.usdPrice);
  const packed: PackedSearchIndex = {
    version,
    lang,
    products: index.entries.map((e) => e.product),
    giftCards,
    usdPrices,
    words,
    bySales: index.bySales,
    byNewest: index.byNewest,
  };
  const own = [giftCards, usdPrices, index.bySales, index.byNewest].map((a) => a.buffer as ArrayBuffer);
  return { packed, transfer: [...transfer, ...own] };
}

export function unpackSearchIndex(packed: PackedSearchIndex): SearchIndex {
  const entries = packed.products.map((product, at): SearchEntry => ({
    product,
    platform: product.platform,
    region: product.region,
    giftCard: packed.giftCards[at] === 1,
    usdPrice: packed.usdPrices[at] ?? 0,
  }));
  return {
    entries,
    folds: new Map(),
    words: unpackWords(packed.words),
    bySales: packed.bySales,
    byNewest: packed.byNewest,
    byPrice: new Map(),
    cache: new Map(),
  };
}
