/**
 * `pnpm bench search-engines`: the store's on-device search engine against two well-kept libraries, MiniSearch and
 * FlexSearch, on the search bench's synthetic catalog and query mix (scripts/bench/search-catalog.ts), at 10,000 and
 * 50,000 products. Each library indexes the same folded texts (normalizeText: case, accents and Arabic variants
 * ignored) in the same two fields (the title, then the category names, platform and description), and answers what
 * the overlay asks: every match counted, the first 20 rows in the requested order (relevance, price in one of four
 * currencies, popularity, newest), with the overlay's filters. Reported per engine: index build, rebuild after 10
 * products changed, query p50/p95 (median of --runs runs, every run listed), the index's heap, the library's
 * minified gzip size, and how often its match count equals ours (ours matches the query as a phrase inside words,
 * as a shopper types it: "st" finds "Steam" and "Fast"; MiniSearch matches word prefixes, FlexSearch's "full"
 * tokenizer any part of a word).
 * Usage: tsx scripts/bench/search-engines.ts [--sizes 10000,50000] [--queries 2000] [--runs 3]
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import MiniSearch from "minisearch";
import { Index as FlexIndex } from "flexsearch";
import { localizeCategory } from "@store/shared/catalog-translations";
import { DEFAULT_RATES, type Currency } from "@store/shared/currency";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { sortPrice } from "../../client/src/features/catalog/pricing.ts";
import { normalizeText } from "../../client/src/features/search/normalize.ts";
import {
  buildSearchIndex,
  SEARCH_SORTS,
  searchProducts,
  type SearchSort,
} from "../../client/src/features/search/search-engine.ts";
import {
  filterPredicate,
  NO_FILTERS,
  PLATFORM_FILTERS,
  PRICE_CAPS_USD,
  REGION_FILTERS,
  type FilterFacts,
  type SearchFilters,
} from "../../client/src/features/search/search-filters.ts";
import { benchQueries, seeded, syntheticCategories, syntheticProducts } from "./search-catalog.ts";
import { argument, median, repoRoot, report } from "./serve.ts";
import { medianAndP95, round } from "./search-timing.ts";

const SIZES = (argument("sizes") ?? "10000,50000").split(",").map(Number);
const QUERIES = Number(argument("queries") ?? 2000);
const RUNS = Number(argument("runs") ?? 3);
const ROWS = 20;
const CURRENCIES: Currency[] = ["USD", "TND", "EUR", "EGP"];

interface Request {
  query: string;
  sort: SearchSort;
  currency: Currency;
  filters: SearchFilters;
}

/** What an engine answers: how many products match, and the first rows in the requested order. */
interface Answer {
  total: number;
  rows: readonly Product[];
}

interface Engine {
  name: string;
  /** The engine's code as a browser would download it (minified, gzip). */
  libraryGzipBytes: () => Promise<number>;
  build(products: readonly Product[], categories: readonly Category[]): void;
  /** Builds again after some products changed (a sync of an edit). */
  rebuild(products: readonly Product[], changed: readonly Product[]): void;
  search(req: Request): Answer;
}

/** The texts every engine indexes, folded as ours folds them. */
interface Folded {
  product: Product;
  title: string;
  other: string;
  facts: FilterFacts;
}

function foldAll(products: readonly Product[], categories: readonly Category[]): Folded[] {
  const byId = new Map(categories.map((c) => [c.id, localizeCategory(c, "en")] as const));
  return products.map((product) => {
    const category = product.categoryId === null ? undefined : byId.get(product.categoryId);
    const parent = category?.parentId ? byId.get(category.parentId) : undefined;
    const other = [product.description, category?.name ?? "", parent?.name ?? "", product.platform].join("\n");
    return {
      product,
      title: normalizeText(product.title),
      other: normalizeText(other),
      facts: {
        platform: product.platform,
        region: product.region,
        giftCard: category?.slug === "gift-cards" || parent?.slug === "gift-cards",
        usdPrice: sortPrice(product, "USD", DEFAULT_RATES),
      },
    };
  });
}

/** The requested order and filters over an engine's matches (given in its relevance order). */
function answerFrom(matches: readonly Folded[], req: Request): Answer {
  const keep = filterPredicate(req.filters);
  const kept = keep ? matches.filter((m) => keep(m.facts)) : [...matches];
  const key: ((m: Folded) => number) | null =
    req.sort === "price-asc"
      ? (m) => sortPrice(m.product, req.currency, DEFAULT_RATES)
      : req.sort === "price-desc"
        ? (m) => -sortPrice(m.product, req.currency, DEFAULT_RATES)
        : req.sort === "popularity"
          ? (m) => -m.product.sales
          : req.sort === "newest"
            ? (m) => -m.product.createdAt
            : null;
  if (key) kept.sort((a, b) => key(a) - key(b));
  return { total: kept.length, rows: kept.slice(0, ROWS).map((m) => m.product) };
}

/** The part of Vite's API used here: a build that is not written, and its chunks. */
interface ViteBuild {
  build(
    config: Record<string, unknown>,
  ): Promise<{ output?: { code?: string }[] } | { output?: { code?: string }[] }[]>;
}

/** A library's code (or ours, by its path) as the client's build would ship it: bundled and minified by the client's own Vite, gzip -9. */
async function libraryGzip(specifier: string, exported: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lib-size-"));
  const entry = path.join(dir, "entry.js");
  fs.writeFileSync(entry, `export { ${exported} } from ${JSON.stringify(specifier)};`);
  const fromClient = createRequire(path.join(repoRoot, "client/package.json"));
  const vite = (await import(pathToFileURL(fromClient.resolve("vite")).href)) as ViteBuild;
  const out = await vite.build({
    configFile: false,
    logLevel: "silent",
    root: dir,
    resolve: {
      alias: {
        [specifier]: path.isAbsolute(specifier)
          ? specifier
          : createRequire(path.join(repoRoot, "package.json")).resolve(specifier),
      },
    },
    build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "lib" } },
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const code = (Array.isArray(out) ? out : [out])
    .flatMap((o) => o.output ?? [])
    .map((o) => o.code ?? "")
    .join("");
  return gzipSync(code, { level: 9 }).length;
}

function ours(): Engine {
  let index: ReturnType<typeof buildSearchIndex> | undefined;
  let categories: readonly Category[] = [];
  return {
    name: "ours",
    libraryGzipBytes: () =>
      libraryGzip(
        path.join(repoRoot, "client/src/features/search/search-engine.ts"),
        "buildSearchIndex, searchProducts",
      ),
    build(products, cats) {
      categories = cats;
      index = buildSearchIndex(products, cats);
    },
    rebuild(products) {
      index = buildSearchIndex(products, categories, index);
    },
    search(req) {
      if (!index) throw new Error("not built");
      index.cache.clear();
      const hits = searchProducts(index, { ...req, rates: DEFAULT_RATES });
      return { total: hits.length, rows: hits.slice(0, ROWS) };
    },
  };
}

function miniSearch(): Engine {
  let folded = new Map<string, Folded>();
  let index: MiniSearch<Folded & { id: string }> | undefined;
  const make = () =>
    new MiniSearch<Folded & { id: string }>({
      fields: ["title", "other"],
      idField: "id",
      // The texts are folded already; a query is folded the same way.
      processTerm: (term) => term || null,
      searchOptions: { prefix: true, combineWith: "AND", boost: { title: 3 } },
    });
  const entries = (list: readonly Folded[]) => list.map((f) => ({ ...f, id: f.product.id }));
  return {
    name: "minisearch",
    libraryGzipBytes: () => libraryGzip("minisearch", "default"),
    build(products, categories) {
      const all = foldAll(products, categories);
      folded = new Map(all.map((f) => [f.product.id, f]));
      index = make();
      index.addAll(entries(all));
    },
    rebuild(products, changed) {
      if (!index) throw new Error("not built");
      const cats = syntheticCategories();
      for (const f of foldAll(changed, cats)) {
        index.replace({ ...f, id: f.product.id });
        folded.set(f.product.id, f);
      }
      void products;
    },
    search(req) {
      if (!index) throw new Error("not built");
      const q = normalizeText(req.query);
      if (!q) return { total: 0, rows: [] };
      const hits = index.search(q);
      return answerFrom(
        hits.flatMap((h) => folded.get(String(h.id)) ?? []),
        req,
      );
    },
  };
}

function flexSearch(): Engine {
  let folded: Folded[] = [];
  const positions = new Map<string, number>();
  let all: FlexIndex | undefined;
  let titles: FlexIndex | undefined;
  // "full": any part of a word matches, as ours does; the texts are folded already, so split on spaces only.
  const make = () => new FlexIndex({ tokenize: "full", encode: (text: string) => text.split(/\s+/).filter(Boolean) });
  const add = (f: Folded, at: number) => {
    all?.add(at, `${f.title}\n${f.other}`);
    titles?.add(at, f.title);
  };
  return {
    name: "flexsearch",
    libraryGzipBytes: () => libraryGzip("flexsearch", "Index"),
    build(products, categories) {
      folded = foldAll(products, categories);
      all = make();
      titles = make();
      folded.forEach((f, at) => {
        positions.set(f.product.id, at);
        add(f, at);
      });
    },
    rebuild(_products, changed) {
      for (const f of foldAll(changed, syntheticCategories())) {
        const at = positions.get(f.product.id);
        if (at === undefined) continue;
        folded[at] = f;
        all?.update(at, `${f.title}\n${f.other}`);
        titles?.update(at, f.title);
      }
    },
    search(req) {
      if (!all || !titles) throw new Error("not built");
      const q = normalizeText(req.query);
      if (!q) return { total: 0, rows: [] };
      const limit = folded.length;
      const matched = all.search(q, { limit }) as number[];
      // Title matches first, each list in FlexSearch's own order.
      const inTitle = new Set(titles.search(q, { limit }) as number[]);
      const ranked = [...matched.filter((at) => inTitle.has(at)), ...matched.filter((at) => !inTitle.has(at))];
      return answerFrom(
        ranked.flatMap((at) => folded[at] ?? []),
        req,
      );
    },
  };
}

function requests(count: number): Request[] {
  const rand = seeded(99);
  const some = <T>(list: readonly T[]) => list.filter(() => rand() < 0.25);
  return benchQueries(count).map((query) => {
    const sort = SEARCH_SORTS[Math.floor(rand() * SEARCH_SORTS.length)] ?? "relevance";
    const currency = CURRENCIES[Math.floor(rand() * CURRENCIES.length)] ?? "USD";
    const filters: SearchFilters =
      rand() < 0.5
        ? NO_FILTERS
        : {
            platforms: some(PLATFORM_FILTERS),
            regions: some(REGION_FILTERS),
            giftCards: rand() < 0.15,
            maxUsd: rand() < 0.3 ? (PRICE_CAPS_USD[Math.floor(rand() * PRICE_CAPS_USD.length)] ?? null) : null,
          };
    return { query, sort, currency, filters };
  });
}

// A full collection before each heap reading, without asking for --expose-gc on the command line.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

function heapMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

interface Run {
  buildMs: number;
  rebuildMs: number;
  p50Ms: number;
  p95Ms: number;
  heapMb: number;
}

function measure(
  make: () => Engine,
  products: readonly Product[],
  reqs: readonly Request[],
): Run & { totals: number[] } {
  const categories = syntheticCategories();
  const before = heapMb();
  const engine = make();
  const t0 = performance.now();
  engine.build(products, categories);
  const buildMs = performance.now() - t0;
  const heap = heapMb() - before;
  const changed = products
    .filter((_, i) => i % Math.ceil(products.length / 10) === 0)
    .map((p) => ({ ...p, title: `${p.title} (edited)`, version: p.version + 1 }));
  const edited = products.map((p) => changed.find((c) => c.id === p.id) ?? p);
  const t1 = performance.now();
  engine.rebuild(edited, changed);
  const rebuildMs = performance.now() - t1;
  // Warm up as a session would after a few keystrokes.
  for (const req of reqs.slice(0, 100)) engine.search(req);
  const times: number[] = [];
  const totals: number[] = [];
  for (const req of reqs) {
    const start = performance.now();
    const answer = engine.search(req);
    times.push(performance.now() - start);
    totals.push(answer.total);
  }
  return {
    buildMs: round(buildMs),
    rebuildMs: round(rebuildMs),
    ...medianAndP95(times),
    heapMb: round(heap),
    totals,
  };
}

const engines = [ours, miniSearch, flexSearch];
const table: Record<string, unknown>[] = [];
for (const size of SIZES) {
  const products = syntheticProducts(size);
  const reqs = requests(QUERIES);
  const runs = new Map<string, Run[]>();
  let reference: number[] = [];
  const agreement = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    for (const make of engines) {
      const name = make().name;
      const { totals, ...figures } = measure(make, products, reqs);
      runs.set(name, [...(runs.get(name) ?? []), figures]);
      if (name === "ours") reference = totals;
      else agreement.set(name, totals.filter((t, i) => t === reference[i]).length / totals.length);
    }
  }
  for (const make of engines) {
    const engine = make();
    const own = runs.get(engine.name) ?? [];
    const pick = (key: keyof Run) => median(own.map((r) => r[key]));
    const row = {
      products: size,
      engine: engine.name,
      buildMs: pick("buildMs"),
      rebuildMs: pick("rebuildMs"),
      p50Ms: pick("p50Ms"),
      p95Ms: pick("p95Ms"),
      heapMb: pick("heapMb"),
      libraryGzipBytes: await engine.libraryGzipBytes(),
      sameCountAsOurs: engine.name === "ours" ? 1 : round(agreement.get(engine.name) ?? 0),
      runs: own,
    };
    table.push(row);
    console.log(
      `${size} products, ${engine.name}: build ${row.buildMs} ms, rebuild after 10 edits ${row.rebuildMs} ms, ` +
        `query p50 ${row.p50Ms} ms / p95 ${row.p95Ms} ms (p95 runs ${own.map((r) => r.p95Ms).join(", ")}), ` +
        `index heap ${row.heapMb} MB, code ${row.libraryGzipBytes} B gzip, same match count as ours ${Math.round(row.sameCountAsOurs * 100)}%`,
    );
  }
}
report("search-engines", { queries: QUERIES, runs: RUNS, table });
