/** Search query timing shared by the search benches: mixed queries (sorts, currencies, filters) over a synthetic
 * catalog, each measured uncached, reading the first 20 rows as the overlay renders them. */
import { performance } from "node:perf_hooks";
import { DEFAULT_RATES, formatMoney, type Currency } from "@store/shared/currency";
import { sortPrice } from "../../client/src/features/catalog/pricing.ts";
import { buildSearchIndex, SEARCH_SORTS, searchProducts } from "../../client/src/features/search/search-engine.ts";
import {
  NO_FILTERS,
  PLATFORM_FILTERS,
  PRICE_CAPS_USD,
  REGION_FILTERS,
  type SearchFilters,
} from "../../client/src/features/search/search-filters.ts";
import { percentile } from "./percentile.ts";
import { benchQueries, seeded, syntheticCategories, syntheticProducts } from "./search-catalog.ts";

export const round = (n: number) => Math.round(n * 100) / 100;

/** The median and 95th percentile of `times`, rounded to hundredths of a millisecond; sorts `times` in place (its
 * last is then the slowest). */
export function medianAndP95(times: number[]): { p50Ms: number; p95Ms: number } {
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) };
}

function randomFilters(rand: () => number): SearchFilters {
  const some = <T>(list: readonly T[]) => list.filter(() => rand() < 0.25);
  if (rand() < 0.5) return NO_FILTERS;
  const cap = rand() < 0.3 ? PRICE_CAPS_USD[Math.floor(rand() * PRICE_CAPS_USD.length)] : undefined;
  return {
    platforms: some(PLATFORM_FILTERS),
    regions: some(REGION_FILTERS),
    giftCards: rand() < 0.15,
    maxUsd: cap ?? null,
  };
}

export interface SearchTiming {
  indexBuildMs: number;
  /** The index built again from the last one after 10 products changed (what a sync of an edit costs). */
  indexRebuildMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanHits: number;
}

export function timeSearch(productCount: number, queryCount: number): SearchTiming {
  const products = syntheticProducts(productCount);
  const categories = syntheticCategories();
  const t0 = performance.now();
  const index = buildSearchIndex(products, categories);
  const indexBuildMs = performance.now() - t0;
  const edited = products.map((p, i) =>
    i % Math.ceil(products.length / 10) === 0 ? { ...p, title: `${p.title} (edited)`, version: p.version + 1 } : p,
  );
  const t1 = performance.now();
  buildSearchIndex(edited, categories, index);
  const indexRebuildMs = performance.now() - t1;

  const rand = seeded(99);
  const currencies: Currency[] = ["USD", "TND", "EUR", "EGP"];
  const queries = benchQueries(queryCount);
  // Warm up the JIT as a real session would after a few keystrokes.
  for (const query of queries.slice(0, 100))
    searchProducts(index, { query, filters: NO_FILTERS, sort: "relevance", currency: "USD", rates: DEFAULT_RATES });

  const times: number[] = [];
  let totalHits = 0;
  for (const query of queries) {
    index.cache.clear(); // measure the uncached path: every keystroke as if it were new
    const sort = SEARCH_SORTS[Math.floor(rand() * SEARCH_SORTS.length)] ?? "relevance";
    const currency = currencies[Math.floor(rand() * currencies.length)] ?? "USD";
    const filters = randomFilters(rand);
    const start = performance.now();
    const hits = searchProducts(index, { query, filters, sort, currency, rates: DEFAULT_RATES });
    // The first 20 rows as the overlay renders them (price in the chosen currency), and the count it shows.
    const rows = hits
      .slice(0, 20)
      .map((p) => `${p.title} ${formatMoney(sortPrice(p, currency, DEFAULT_RATES), currency, "en")}`);
    totalHits += hits.length;
    times.push(performance.now() - start);
    if (rows.length > 20) throw new Error("more than one page rendered");
  }
  return {
    indexBuildMs: round(indexBuildMs),
    indexRebuildMs: round(indexRebuildMs),
    ...medianAndP95(times),
    maxMs: round(times[times.length - 1] ?? 0),
    meanHits: Math.round(totalHits / queries.length),
  };
}
