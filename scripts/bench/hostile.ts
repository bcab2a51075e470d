/** Hostile bodies (docs/decisions.md D28): the public GET's latency while two clients keep sending 8 MB bodies of 4
 * million `[` then 4 million `]` to POST /api/checkout, each from its own process. Budget: p90 <= 100 ms
 * (docs/benchmarks.md has the figure before the per-route limits). Runs the built server (`pnpm build` first) on a
 * fresh seeded data dir. Usage: tsx scripts/bench/hostile.ts [--seconds 6] */
import { spawn } from "node:child_process";
import http from "node:http";
import { report, startBuiltStore } from "./serve.ts";
import { freePort } from "../../server/src/test/free-port.ts";

const secondsArg = process.argv.indexOf("--seconds");
const SECONDS = secondsArg >= 0 ? Number(process.argv[secondsArg + 1]) || 6 : 6;
const P90_BUDGET_MS = 100;
const HOSTILE_SENDERS = 2;

const half = 4 * 1024 * 1024;
const hostileBody = Buffer.from("[".repeat(half) + "]".repeat(half));

/** Sends one hostile body and waits for the answer (or the connection to end); resolves with the status. */
function sendHostile(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/checkout",
        headers: { "Content-Type": "application/json", "Content-Length": hostileBody.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    // The server may answer and close before the whole body is written.
    req.on("error", () => resolve(0));
    req.end(hostileBody);
  });
}

const senderArg = process.argv.indexOf("--sender");
if (senderArg >= 0) {
  // A hostile client in its own process (as it would be on its own machine), so the timed GETs below never
  // wait for its writes: sends bodies until the time is up, then prints the statuses it got.
  const port = Number(process.argv[senderArg + 1]);
  const until = performance.now() + SECONDS * 1000;
  const statuses: Record<string, number> = {};
  while (performance.now() < until) {
    const status = await sendHostile(port);
    statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
  }
  console.log(JSON.stringify(statuses));
  process.exit(0);
}

/** Starts one hostile client process; resolves with the statuses it got. */
function hostileClient(port: number): Promise<Record<string, number>> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--sender", String(port), "--seconds", String(SECONDS)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim()) as Record<string, number>) : reject(new Error(`sender exit ${code}`)),
    ),
  );
}

const port = await freePort();
const store = await startBuiltStore(port);
try {
  const pct = (values: number[], p: number): number =>
    Math.round((values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0) * 10) / 10;
  /** Timed public GETs until `end`, one every 20 ms. */
  const timeGets = async (end: number): Promise<number[]> => {
    const times: number[] = [];
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(`${store.url}/api/categories`);
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times.sort((a, b) => a - b);
  };
  // The same GETs alone first: on a shared machine the figure under attack means little without it.
  const quiet = await timeGets(performance.now() + 2000);
  const senders = Array.from({ length: HOSTILE_SENDERS }, () => hostileClient(port));
  // Let the senders start (a process each) and get going first.
  await new Promise((r) => setTimeout(r, 1000));
  const latencies = await timeGets(performance.now() + (SECONDS - 1.5) * 1000);
  const statuses: Record<string, number> = {};
  for (const got of await Promise.all(senders))
    for (const [status, n] of Object.entries(got)) statuses[status] = (statuses[status] ?? 0) + n;
  const hostileSent = Object.values(statuses).reduce((a, b) => a + b, 0);
  const figures = {
    seconds: SECONDS,
    hostileSenders: HOSTILE_SENDERS,
    hostileBodiesSent: hostileSent,
    hostileStatuses: statuses,
    publicGets: latencies.length,
    quietP90Ms: pct(quiet, 90),
    p50Ms: pct(latencies, 50),
    p90Ms: pct(latencies, 90),
    p90BudgetMs: P90_BUDGET_MS,
    ok: latencies.length > 0 && pct(latencies, 90) <= P90_BUDGET_MS,
  };
  console.log(
    `hostile: public GET p50 ${figures.p50Ms} ms, p90 ${figures.p90Ms} ms (budget <= ${P90_BUDGET_MS} ms; ${figures.quietP90Ms} ms without the senders) over ${latencies.length} GETs while ${HOSTILE_SENDERS} clients sent ${hostileSent} bodies of 8 MB (${JSON.stringify(statuses)})`,
  );
  report("hostile", figures);
} finally {
  await store.stop();
}
