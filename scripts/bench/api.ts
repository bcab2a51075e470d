/** `pnpm bench api`: the catalog answers (full and delta sync, an unchanged sync, categories, sitemap, a product
 * page) of the built store against a bare Hono server answering the same bytes and headers, side by side in one
 * run, at 48 products (the demo) and at 10,000. Budget: each at >= 0.6 of the bare server's requests/s.
 * Runs alternate store and baseline (--runs, 3 each) and report the median of each with every run's figures.
 * Usage: tsx scripts/bench/api.ts [--engine sqlite|postgres] [--sizes 48,10000] [--runs 3] [--seconds 3]
 *        [--connections 50] */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { createPostgresDatabase } from "../../server/src/test/postgres-database.ts";
import { growCatalog } from "./bench-catalog.ts";
import { report, startBuiltStore } from "./serve.ts";

const option = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ENGINE = option("engine", "sqlite") === "postgres" ? "postgres" : "sqlite";
const SIZES = option("sizes", "48,10000").split(",").map(Number);
const RUNS = Number(option("runs", "3"));
const SECONDS = Number(option("seconds", "3"));
const CONNECTIONS = Number(option("connections", "50"));
/** Only these answers (--only categories,fullSync), for a quick look at one. */
const ONLY = option("only", "").split(",").filter(Boolean);
const BUDGET_RATIO = 0.6;
const ACCEPT = { "Accept-Encoding": "br, gzip" };

interface Captured {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** Headers Node's HTTP server sets on every answer by itself (the baseline's server sets its own). */
const PER_CONNECTION_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** What the store answers for `target`, byte for byte as sent (still compressed) with the same headers, as the
 * baseline replays it. */
function capture(base: string, target: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(base + target, { headers: ACCEPT }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${target} answered ${res.statusCode}`));
          // Every header the store sent (its security headers too), but those Node writes itself on each answer.
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === "string" && !PER_CONNECTION_HEADERS.has(name)) headers[name] = value;
          }
          resolve({ path: target, status: 200, headers, body: Buffer.concat(chunks).toString("base64") });
        });
      })
      .on("error", reject);
  });
}

/** A port nothing listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function load(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: ACCEPT },
      (err: Error | null, result: autocannon.Result) => {
        if (err) return reject(err);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx`));
        resolve(result.requests.average);
      },
    );
  });
}

async function startBaseline(port: number, answers: Captured[]): Promise<() => void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-bare-")), "answers.json");
  fs.writeFileSync(file, JSON.stringify(answers));
  // Node itself with this process's loader (tsx's), not the tsx binary: that binary runs Node as its own child,
  // which a SIGKILL of the binary would leave behind, still holding the port.
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, "bare-server.ts"), String(port), file],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  // A bench that dies must not leave the baseline holding its port.
  const stop = () => child.kill("SIGKILL");
  process.once("exit", stop);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`baseline exited ${code}`)));
  });
  return () => {
    process.off("exit", stop);
    stop();
  };
}

const table: Record<string, unknown>[] = [];
let allWithin = true;
for (const size of SIZES) {
  const database = ENGINE === "postgres" ? await createPostgresDatabase() : undefined;
  const store = await startBuiltStore(await freePort(), database ? { DATABASE_URL: database.url } : {});
  try {
    if (size > 48) {
      // Written by another process, as an import on another instance would be: the store sees the new version.
      const data = await openDatabase(
        loadConfig({ DATA_DIR: store.dataDir, ...(database ? { DATABASE_URL: database.url } : {}) }).database,
      );
      await growCatalog(data, size).finally(() => data.close());
    }
    const version = ((await (await fetch(`${store.url}/api/sync`)).json()) as { version: number }).version;
    const targets: Record<string, string> = {
      fullSync: "/api/sync",
      deltaSync: `/api/sync?since=${version - 1}`,
      unchangedSync: `/api/sync?since=${version}`,
      categories: "/api/categories",
      sitemap: "/sitemap.xml",
      productPage: "/product/steam-20",
    };
    const answers = await Promise.all(Object.values(targets).map((t) => capture(store.url, t)));
    const barePort = await freePort();
    const stopBaseline = await startBaseline(barePort, answers);
    try {
      for (const [name, target] of Object.entries(targets)) {
        if (ONLY.length > 0 && !ONLY.includes(name)) continue;
        const ours: number[] = [];
        const bare: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          ours.push(await load(store.url + target));
          bare.push(await load(`http://127.0.0.1:${barePort}${target}`));
        }
        const ratio = +(median(ours) / median(bare)).toFixed(2);
        if (ratio < BUDGET_RATIO) allWithin = false;
        const answer = answers.find((a) => a.path === target);
        const row = {
          engine: ENGINE,
          products: size,
          answer: name,
          bytes: answer ? Buffer.from(answer.body, "base64").length : 0,
          encoding: answer?.headers["content-encoding"] ?? "identity",
          storeRps: Math.round(median(ours)),
          bareRps: Math.round(median(bare)),
          ratio,
          budget: `>= ${BUDGET_RATIO}`,
          runs: { store: ours.map(Math.round), bare: bare.map(Math.round) },
        };
        console.log(
          `${ENGINE} ${size} ${name.padEnd(14)} ${String(row.bytes).padStart(8)} B ${row.encoding.padEnd(8)} store ${row.storeRps} req/s, bare ${row.bareRps} req/s: ratio ${ratio} (budget >= ${BUDGET_RATIO})`,
        );
        table.push(row);
      }
    } finally {
      stopBaseline();
    }
  } finally {
    await store.stop();
    await database?.drop();
  }
}
report("api", { engine: ENGINE, connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, allWithin, table });
// Done: leave no lingering keep-alive socket (the store's and the baseline's) holding the process open.
process.exit(0);
