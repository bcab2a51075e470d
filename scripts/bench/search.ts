/**
 * Search budgets (docs/decisions.md D14): query time over a 10,000-product catalog (p95 <= 16 ms), the overlay chunk's
 * gzip size (<= 15 KB, needs `pnpm --filter ./client build`) and, with Chromium, the overlay's INP
 * (< 100 ms). Run: node --experimental-strip-types scripts/bench/search.ts [--no-inp]
 * The last line printed is a one-line JSON summary.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { availableParallelism, loadavg } from "node:os";
import { syntheticCategories, syntheticProducts } from "./search-catalog.ts";
import { measureInp } from "./search-inp.ts";
import { timeSearch } from "./search-timing.ts";

const PRODUCTS = 10_000;
const QUERIES = 2_000;
const P95_BUDGET_MS = 16;
const CHUNK_BUDGET_BYTES = 15 * 1024;
const INP_BUDGET_MS = 100;
const ROOT = resolve(import.meta.dirname, "../..");

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

const timing = timeSearch(PRODUCTS, QUERIES);
console.log(
  `search: ${PRODUCTS} products, index built in ${timing.indexBuildMs} ms, again after 10 changed in ${timing.indexRebuildMs} ms`,
);
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
