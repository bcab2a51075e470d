/**
 * `pnpm bench catalog-scale`: a 50,000-product catalog (docs/decisions.md D33). Seeds the store (kept in
 * .tmp/bench-catalog-<n> for later runs), then, several times: a full sync walked page by page (gzip bytes per
 * 1,000 products, and the walk's time with the answers built afresh), an unchanged sync (bytes, and the 304),
 * the first screen's answer, and search over the same number of products (index build, p95 over 2,000 mixed
 * queries). Prints each figure beside its budget, the median and every run's figures.
 * Options: --products N (default 50000), --runs N (default 3).
 */
import fs from "node:fs";
import path from "node:path";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { syncResponseSchema } from "@store/shared/schemas/catalog";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { buildApp, buildServices } from "../../server/src/app.ts";
import { CatalogVersions } from "../../server/src/modules/catalog/catalog-versions.repo.ts";
import { firstScreenUrl } from "../../client/src/api/first-screen.ts";
import { syncUrl } from "../../client/src/api/sync.ts";
import { seedLargeCatalog } from "./seed-catalog.ts";
import { timeSearch } from "./search-timing.ts";
import { repoRoot, report } from "./serve.ts";

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = arg("products", 50_000);
const RUNS = arg("runs", 3);
const QUERIES = 2_000;
const BUDGET = { fullSyncGzipKBPer1000: 35, unchangedSyncBytes: 300, searchP95Ms: 8 };

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// The seeded store is kept: seeding 50,000 products is the slow part, and every run reads the same catalog.
const template = path.join(repoRoot, `.tmp/bench-catalog-${PRODUCTS}`);
if (!fs.existsSync(path.join(template, "store.db"))) {
  const started = performance.now();
  await seedLargeCatalog(template, PRODUCTS);
  console.error(`seeded ${PRODUCTS} products in ${round((performance.now() - started) / 1000)} s`);
}
const dataDir = fs.mkdtempSync(path.join(repoRoot, ".tmp/bench-catalog-run-"));
fs.cpSync(template, dataDir, { recursive: true });
const { DATABASE_URL: _sqliteOnly, ...env } = process.env;
const config = loadConfig({ ...env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "http://store.bench" });
const data = await openDatabase(config.database);
const services = buildServices({ config, data });
const app = buildApp({ config, data }, services);
const versions = new CatalogVersions();

interface Run {
  products: number;
  pages: number;
  fullSyncGzipKB: number;
  fullSyncGzipKBPer1000: number;
  fullSyncRawKBPer1000: number;
  fullSyncWalkMs: number;
  firstScreenGzipBytes: number;
  unchangedSyncBytes: number;
  unchangedSyncStatusWithEtag: number;
  searchIndexBuildMs: number;
  searchIndexRebuildMs: number;
  searchP50Ms: number;
  searchP95Ms: number;
}

async function oneRun(): Promise<Run> {
  // A new catalog version: every answer is built afresh, as after an edit.
  await data.transaction((tx) => versions.bumpRev(tx).then(() => undefined));
  const gzip = { "Accept-Encoding": "gzip" };
  let gzipBytes = 0;
  let rawBytes = 0;
  let products = 0;
  let pages = 0;
  let version = 0;
  const started = performance.now();
  for (let after: string | null = null, first = true; first || after !== null; first = false) {
    // The pages the storefront asks for (compact products, shared/src/compact-sync.ts).
    const url = syncUrl(0, after);
    const res = await app.request(url, { headers: gzip });
    if (res.headers.get("Content-Encoding") !== "gzip") throw new Error("the sync was not sent gzipped");
    gzipBytes += (await res.arrayBuffer()).byteLength;
    const text = await (await app.request(url)).text();
    rawBytes += text.length;
    const page = syncResponseSchema.parse(JSON.parse(text));
    if (first) version = page.version;
    products += page.products.length;
    pages++;
    after = page.next;
  }
  const fullSyncWalkMs = performance.now() - started;
  const firstScreen = await app.request(firstScreenUrl("/"), { headers: gzip });
  const firstScreenGzipBytes = (await firstScreen.arrayBuffer()).byteLength;
  const same = await app.request(syncUrl(version, null), { headers: gzip });
  const unchangedSyncBytes = (await same.arrayBuffer()).byteLength;
  const etag = same.headers.get("ETag") ?? "";
  const again = await app.request(syncUrl(version, null), { headers: { ...gzip, "If-None-Match": etag } });
  const search = timeSearch(PRODUCTS, QUERIES);
  return {
    products,
    pages,
    fullSyncGzipKB: round(gzipBytes / 1024),
    fullSyncGzipKBPer1000: round(gzipBytes / 1024 / (products / 1000), 2),
    fullSyncRawKBPer1000: round(rawBytes / 1024 / (products / 1000)),
    fullSyncWalkMs: Math.round(fullSyncWalkMs),
    firstScreenGzipBytes,
    unchangedSyncBytes,
    unchangedSyncStatusWithEtag: again.status,
    searchIndexBuildMs: search.indexBuildMs,
    searchIndexRebuildMs: search.indexRebuildMs,
    searchP50Ms: search.p50Ms,
    searchP95Ms: search.p95Ms,
  };
}

try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun();
    runs.push(run);
    console.error(`run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
  }
  const figure = (key: keyof Run) => ({ median: median(runs.map((r) => r[key])), runs: runs.map((r) => r[key]) });
  const full = figure("fullSyncGzipKBPer1000");
  const unchanged = figure("unchangedSyncBytes");
  const p95 = figure("searchP95Ms");
  const lines: [string, { median: number; runs: number[] }, string][] = [
    ["full sync, KB gzip per 1,000 products", full, `<= ${BUDGET.fullSyncGzipKBPer1000}`],
    ["unchanged sync, bytes", unchanged, `<= ${BUDGET.unchangedSyncBytes}`],
    [`search p95 over ${QUERIES} mixed queries, ms`, p95, `<= ${BUDGET.searchP95Ms}`],
    ["search index build, ms", figure("searchIndexBuildMs"), "(off the main thread)"],
    ["search index rebuilt after 10 products changed, ms", figure("searchIndexRebuildMs"), "(from the last index)"],
    ["full sync walk (built afresh), ms", figure("fullSyncWalkMs"), "-"],
    ["first screen answer, bytes gzip", figure("firstScreenGzipBytes"), "-"],
  ];
  console.log(`catalog-scale: ${PRODUCTS} products, ${runs[0]?.pages ?? 0} pages, ${RUNS} runs`);
  for (const [name, f, budget] of lines)
    console.log(`  ${name}: median ${f.median} (runs ${f.runs.join(", ")}); budget ${budget}`);
  const ok =
    full.median <= BUDGET.fullSyncGzipKBPer1000 &&
    unchanged.median <= BUDGET.unchangedSyncBytes &&
    p95.median <= BUDGET.searchP95Ms &&
    runs.every((r) => r.products === PRODUCTS && r.unchangedSyncStatusWithEtag === 304);
  report("catalog-scale", {
    products: PRODUCTS,
    runs: RUNS,
    fullSyncGzipKBPer1000: full,
    unchangedSyncBytes: unchanged,
    searchP95Ms: p95,
    searchIndexBuildMs: figure("searchIndexBuildMs"),
    searchIndexRebuildMs: figure("searchIndexRebuildMs"),
    fullSyncWalkMs: figure("fullSyncWalkMs"),
    firstScreenGzipBytes: figure("firstScreenGzipBytes"),
    budget: BUDGET,
    every: runs,
    // Timings are wall-clock: read them against the machine's load while the bench ran.
    loadAvg1m: round(loadavg()[0] ?? 0),
    cpus: availableParallelism(),
    ok,
  });
} finally {
  await data.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
