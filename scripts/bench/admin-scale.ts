/** The back office with years of history (docs/decisions.md D30, D32, D34): the built server on a database seeded
 * with --orders orders (1,000,000), --products products (50,000) and --codes codes (1,000,000) by
 * server/cluster/history-seed.ts, then the p95 of each admin read the console makes: the dashboard's metrics, sales chart, top products and stock
 * alerts, the orders list (first page, next page, by code, by email prefix and whole email, by status, by total),
 * the products list (first and next page, by title, by id) and the stock panel of the product with the most codes.
 * Budget: p95 <= 50 ms each, on SQLite (default) and PostgreSQL (--engine postgres).
 * The database is seeded once; each of --runs runs (3) starts a fresh server on it and sends --requests (60)
 * sequential requests per read after 5 warm-ups. Reports the median run per read with every run's figures.
 * Usage: tsx scripts/bench/admin-scale.ts [--engine sqlite|postgres] [--orders N] [--products N] [--codes N]
 *   [--runs 3] [--requests 60] */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startCluster } from "../../server/cluster/cluster.ts";
import { httpRequest, json } from "../../server/cluster/http-client.ts";
import { createPostgresDatabase } from "../../server/src/test/postgres-database.ts";
import { BIG_PRODUCT, seedPostgres, seedSqlite } from "../../server/cluster/history-seed.ts";
import { percentile } from "./percentile.ts";
import { report } from "./serve.ts";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const SIZE = { orders: arg("orders", 1_000_000), products: arg("products", 50_000), codes: arg("codes", 1_000_000) };
const RUNS = arg("runs", 3);
const REQUESTS = arg("requests", 60);
const BUDGET_P95_MS = 50;
const engineIndex = process.argv.indexOf("--engine");
const ENGINE = engineIndex >= 0 ? process.argv[engineIndex + 1] : "sqlite";
if (ENGINE !== "sqlite" && ENGINE !== "postgres") throw new Error("--engine is sqlite or postgres");
const ADMIN = { username: "admin", password: "bench-password-1" };
/** A fixed key, so the seeder seals codes the server can open. */
const CODES_KEY = "7".repeat(64);

interface Read {
  name: string;
  /** A function of the answers before it, for a next page. */
  path: (prior: Map<string, unknown>) => string;
}

/** The first page of a list and the page after it, read with the cursor the first page gave. */
function firstAndNextPage(list: string, path: string): Read[] {
  const first = `${list}: first page`;
  return [
    { name: first, path: () => path },
    { name: `${list}: next page`, path: (prior) => `${path}&cursor=${cursorOf(prior.get(first))}` },
  ];
}

/** The reads measured, in order. */
const READS: Read[] = [
  { name: "metrics", path: () => "/api/admin/metrics" },
  { name: "metrics/sales (30 days)", path: () => "/api/admin/metrics/sales?days=30&tz=60" },
  { name: "metrics/top products (30 days)", path: () => "/api/admin/metrics/top-products?days=30&tz=60" },
  { name: "stock alerts", path: () => "/api/admin/stock/alerts" },
  ...firstAndNextPage("orders", "/api/admin/orders?limit=25"),
  {
    name: "orders: by code",
    path: () => `/api/admin/orders?limit=25&q=PNR-${String(Math.ceil(SIZE.orders / 3)).padStart(8, "0")}`,
  },
  { name: "orders: by email prefix", path: () => "/api/admin/orders?limit=25&q=customer12" },
  { name: "orders: by email", path: () => "/api/admin/orders?limit=25&q=customer12345@example.com" },
  { name: "orders: by status", path: () => "/api/admin/orders?limit=25&status=refunded" },
  { name: "orders: by total", path: () => "/api/admin/orders?limit=25&sort=total_desc" },
  ...firstAndNextPage("products", "/api/admin/products?limit=24"),
  { name: "products: by title", path: () => "/api/admin/products?limit=24&q=steam" },
  { name: "products: by id", path: () => `/api/admin/products?limit=24&q=bp_${Math.ceil(SIZE.products / 2)}` },
  { name: "stock panel: counts", path: () => `/api/admin/products/${BIG_PRODUCT}/stock` },
  { name: "stock panel: codes", path: () => `/api/admin/products/${BIG_PRODUCT}/codes?limit=50` },
  {
    name: "stock panel: available codes",
    path: () => `/api/admin/products/${BIG_PRODUCT}/codes?limit=50&status=available`,
  },
];

function cursorOf(answer: unknown): string {
  const next = (answer as { next?: string | null } | undefined)?.next;
  if (typeof next !== "string") throw new Error("the first page has no next page");
  return encodeURIComponent(next);
}

const round = (n: number) => Math.round(n * 10) / 10;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-admin-"));
const database = ENGINE === "postgres" ? await createPostgresDatabase("store_bench_admin") : undefined;
const databaseUrl = database?.url ?? `file:${path.join(root, "store.db")}`;
const env = {
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  CODES_KEY,
  DATABASE_URL: databaseUrl,
};

try {
  // The first start migrates and seeds the demo store; the history is then written with no server up.
  const first = await startCluster({ instances: 1, env, store: { dataRoot: root } });
  await first.stop();
  const seedStart = performance.now();
  if (database) await seedPostgres(database.url, SIZE, Buffer.from(CODES_KEY, "hex"));
  else await seedSqlite(path.join(root, "store.db"), SIZE, Buffer.from(CODES_KEY, "hex"));
  const seedSeconds = round((performance.now() - seedStart) / 1000);
  console.log(
    `admin-scale (${ENGINE}): seeded ${SIZE.orders} orders, ${SIZE.products} products, ${SIZE.codes} codes in ${seedSeconds} s`,
  );

  const runs: Map<string, number>[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cluster = await startCluster({ instances: 1, env, store: { dataRoot: root } });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const login = await httpRequest(agent, `${cluster.url}/api/admin/login`, "POST", JSON.stringify(ADMIN));
      if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
      const cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const headers = { Cookie: cookie };
      const prior = new Map<string, unknown>();
      const figures = new Map<string, number>();
      for (const read of READS) {
        const url = `${cluster.url}${read.path(prior)}`;
        const times: number[] = [];
        for (let k = 0; k < REQUESTS + 5; k++) {
          const start = performance.now();
          const res = await httpRequest(agent, url, "GET", undefined, headers);
          const ms = performance.now() - start;
          if (res.status !== 200)
            throw new Error(`${read.name}: ${res.status} ${res.body.toString("utf8").slice(0, 200)}`);
          if (k === 0) prior.set(read.name, json(res));
          if (k >= 5) times.push(ms);
        }
        figures.set(
          read.name,
          round(
            percentile(
              times.sort((a, b) => a - b),
              95,
            ),
          ),
        );
      }
      runs.push(figures);
      console.log(`run ${run + 1}: ${[...figures].map(([name, p95]) => `${name} ${p95}`).join(", ")}`);
    } finally {
      agent.destroy();
      await cluster.stop();
    }
  }

  const table: Record<string, { p95Ms: number; runs: number[]; budgetMs: number; ok: boolean }> = {};
  console.log(
    `admin-scale (${ENGINE}), p95 in ms, median of ${RUNS} runs (every run's figure), measured on a shared machine:`,
  );
  for (const read of READS) {
    const all = runs.map((r) => r.get(read.name) ?? NaN);
    const median = [...all].sort((a, b) => a - b)[Math.floor(all.length / 2)] ?? NaN;
    const ok = median <= BUDGET_P95_MS;
    table[read.name] = { p95Ms: median, runs: all, budgetMs: BUDGET_P95_MS, ok };
    console.log(
      `  ${read.name.padEnd(30)} p95 ${String(median).padStart(7)} ms  (runs ${all.join(", ")})  budget <= ${BUDGET_P95_MS} ms: ${ok ? "ok" : "OVER BUDGET"}`,
    );
  }
  report("admin-scale", {
    engine: ENGINE,
    ...SIZE,
    seedSeconds,
    runs: RUNS,
    requests: REQUESTS,
    ok: Object.values(table).every((r) => r.ok),
    reads: table,
  });
} finally {
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
}
