/**
 * Search budgets (docs/decisions.md D14): query time over a 10,000-product catalog (p95 <= 16 ms), the overlay chunk's
 * gzip size (<= 15 KB, needs `pnpm --filter ./client build`) and, with Chromium, the overlay's INP
 * (< 100 ms). Run: node --experimental-strip-types scripts/bench/search.ts [--no-inp]
 * The last line printed is a one-line JSON summary.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { availableParallelism, loadavg } from "node:os";
import { DEFAULT_RATES, formatMoney, type Currency } from "../../shared/src/currency.ts";
import { sortPrice } from "../../client/src/features/catalog/pricing.ts";
import { buildSearchIndex, SEARCH_SORTS, searchProducts } from "../../client/src/features/search/search-engine.ts";
import {
  NO_FILTERS,
  PLATFORM_FILTERS,
  PRICE_CAPS_USD,
  REGION_FILTERS,
  type SearchFilters,
} from "../../client/src/features/search/search-filters.ts";
import { benchQueries, seeded, syntheticCategories, syntheticProducts } from "./search-catalog.ts";
import { measureInp } from "./search-inp.ts";

const PRODUCTS = 10_000;
const QUERIES = 2_000;
const P95_BUDGET_MS = 16;
const CHUNK_BUDGET_BYTES = 15 * 1024;
const INP_BUDGET_MS = 100;
const ROOT = resolve(import.meta.dirname, "../..");

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

const round = (n: number) => Math.round(n * 100) / 100;

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

function benchQueriesTiming() {
  const products = syntheticProducts(PRODUCTS);
  const categories = syntheticCategories();
  const t0 = performance.now();
  const index = buildSearchIndex(products, categories);
  const indexBuildMs = performance.now() - t0;

  const rand = seeded(99);
  const currencies: Currency[] = ["USD", "TND", "EUR", "EGP"];
  const queries = benchQueries(QUERIES);
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
    // The first 20 rows as the overlay renders them (price in the chosen currency).
    const rows = hits
      .slice(0, 20)
      .map((p) => `${p.title} ${formatMoney(sortPrice(p, currency, DEFAULT_RATES), currency, "en")}`);
    times.push(performance.now() - start);
    totalHits += hits.length;
    if (rows.length > 20) throw new Error("more than one page rendered");
  }
  times.sort((a, b) => a - b);
  return {
    indexBuildMs: round(indexBuildMs),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times[times.length - 1] ?? 0),
    meanHits: Math.round(totalHits / queries.length),
  };
}

/** The built chunk holding the overlay (found by its CSS class names), with its stylesheet. */
function overlayChunkSize(): { file: string; jsGzipBytes: number; cssGzipBytes: number } | null {
  const assets = join(ROOT, "client/dist/assets");
  if (!existsSync(assets)) return null;
  const files = readdirSync(assets);
  const js = files
    .filter((f) => f.endsWith(".js"))
    .find((f) => readFileSync(join(assets, f), "utf8").includes("search-overlay__dialog"));
  if (!js) return null;
  const css = files
    .filter((f) => f.endsWith(".css"))
    .find((f) => readFileSync(join(assets, f), "utf8").includes(".search-overlay__dialog"));
  const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
  // A stylesheet shared with the whole app is not the overlay's cost; only count a dedicated one.
  const cssOwn = css !== undefined && !readFileSync(join(assets, css), "utf8").includes(".product-card");
  return { file: js, jsGzipBytes: gz(js), cssGzipBytes: css && cssOwn ? gz(css) : 0 };
}

const timing = benchQueriesTiming();
console.log(`search: ${PRODUCTS} products, index built in ${timing.indexBuildMs} ms`);
console.log(
  `search: ${QUERIES} queries, p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, max ${timing.maxMs} ms (budget p95 <= ${P95_BUDGET_MS} ms)`,
);

const chunk = overlayChunkSize();
if (chunk) {
  console.log(
    `search: overlay chunk ${chunk.file}: ${chunk.jsGzipBytes} B gzip JS + ${chunk.cssGzipBytes} B gzip CSS (budget ${CHUNK_BUDGET_BYTES} B)`,
  );
} else {
  console.log("search: client/dist has no overlay chunk; run `pnpm --filter ./client build` to measure its size");
}

let inp: { inpMs: number; interactions: number } | null = null;
if (!process.argv.includes("--no-inp") && chunk) {
  try {
    inp = await measureInp(join(ROOT, "client/dist"), syntheticProducts(PRODUCTS), syntheticCategories());
    console.log(
      `search: INP while typing over ${PRODUCTS} products: ${inp.inpMs} ms (${inp.interactions} interactions over 16 ms; budget < ${INP_BUDGET_MS} ms)`,
    );
  } catch (err) {
    console.log(`search: INP not measured (${err instanceof Error ? err.message : String(err)})`);
  }
}

const chunkBytes = chunk ? chunk.jsGzipBytes + chunk.cssGzipBytes : null;
const ok =
  timing.p95Ms <= P95_BUDGET_MS &&
  (chunkBytes === null || chunkBytes <= CHUNK_BUDGET_BYTES) &&
  (inp === null || inp.inpMs < INP_BUDGET_MS);
console.log(
  JSON.stringify({
    bench: "search",
    products: PRODUCTS,
    queries: QUERIES,
    ...timing,
    p95BudgetMs: P95_BUDGET_MS,
    chunkGzipBytes: chunkBytes,
    chunkBudgetBytes: CHUNK_BUDGET_BYTES,
    inpMs: inp?.inpMs ?? null,
    inpBudgetMs: INP_BUDGET_MS,
    // Timings are wall-clock: read them against the machine's load while the bench ran.
    loadAvg1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    cpus: availableParallelism(),
    ok,
  }),
);
