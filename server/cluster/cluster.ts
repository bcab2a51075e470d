/** Built store processes (server/dist/main.js) on one database, behind HAProxy run with deploy/haproxy.cfg:
 * the multi-instance test (multi-instance.test.ts) and `pnpm bench checkout --instances N` start them here.
 * Exports: startStore, startCluster (stores + balancer), haproxyConfig, haproxyInstalled, waitReady. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../src/test/free-port.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
export const HAPROXY_CONFIG = path.join(repoRoot, "deploy/haproxy.cfg");

export function haproxyInstalled(): boolean {
  return spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0;
}

/** deploy/haproxy.cfg as it is, but listening on `frontPort` and balancing over the given local ports. */
export function haproxyConfig(frontPort: number, backendPorts: number[]): string {
  const out: string[] = [];
  let servers = false;
  for (const line of fs.readFileSync(HAPROXY_CONFIG, "utf8").split("\n")) {
    if (/^\s*bind\s/.test(line)) {
      out.push(`    bind 127.0.0.1:${frontPort}`);
    } else if (/^\s*server\s/.test(line)) {
      if (!servers) backendPorts.forEach((port, i) => out.push(`    server store${i + 1} 127.0.0.1:${port}`));
      servers = true;
    } else {
      out.push(line);
    }
  }
  if (!servers) throw new Error(`${HAPROXY_CONFIG} has no server lines`);
  return out.join("\n");
}

/** Polls `url` until it answers 200, or throws after `timeoutMs` (or when `gone()` says the process died). */
export async function waitReady(url: string, timeoutMs: number, gone: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (gone()) throw new Error(`the process serving ${url} exited`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface StoreProcess {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  alive(): boolean;
  /** What it wrote on stderr (for a failure's message). */
  stderr(): string;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StoreOptions {
  name: string;
  env: Record<string, string>;
  /** Run server/src/main.ts through tsx instead of the build. */
  source?: boolean;
  /** Extra node arguments (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Where its data directory is made (default: the system's temp dir). */
  dataRoot?: string;
  /** Another checkout of the store whose build to run (a benchmark's baseline); default this one. */
  repo?: string;
}

/** BENCH_NODE_ARGS: extra node arguments for every store process a bench or test starts (e.g. a preload that
 * times SQL statements), split on spaces. */
function benchNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
}

/** One store process on a free port, with its own data directory; resolves when it answers. */
export async function startStore(options: StoreOptions): Promise<StoreProcess> {
  const repo = options.repo ?? repoRoot;
  const built = path.join(repo, "server/dist/main.js");
  if (!options.source && !fs.existsSync(built)) throw new Error(`Build first: pnpm build (in ${repo})`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(options.dataRoot ?? os.tmpdir(), `store-${options.name}-`));
  const child = spawn(
    process.execPath,
    [
      ...benchNodeArgs(),
      ...(options.nodeArgs ?? []),
      ...(options.source ? ["--import", "tsx", "src/main.ts"] : [built]),
    ],
    {
      cwd: path.join(repo, "server"),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        SEED_DEMO: "yes",
        ...options.env,
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  // A test or bench that dies before stopping it must not leave it holding its port.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const store: StoreProcess = {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    alive,
    stderr: () => stderr,
    kill: async (signal) => {
      process.off("exit", killOnExit);
      if (alive()) child.kill(signal);
      await exited;
    },
  };
  try {
    await waitReady(`${store.url}/api/categories`, 60_000, () => !alive());
  } catch (err) {
    await store.kill("SIGKILL");
    throw new Error(`${options.name} did not start: ${err instanceof Error ? err.message : String(err)}\n${stderr}`, {
      cause: err,
    });
  }
  return store;
}

export interface Cluster {
  /** The balancer's URL (or the only store's, without a balancer). */
  url: string;
  stores: StoreProcess[];
  /** HAProxy's process id, when there is a balancer. */
  balancerPid?: number;
  stop(): Promise<void>;
}

/** The key every store of this process's clusters seals codes with, unless env names one: instances on one database
 * must share it (each would otherwise make its own in its data directory, and the second would refuse to start). */
const CLUSTER_CODES_KEY = randomBytes(32).toString("hex");

/** `instances` stores on the database in env.DATABASE_URL, behind HAProxy when `balancer` (the default with
 * several). The first starts alone (it migrates and seeds), the others then together. */
export async function startCluster(options: {
  instances: number;
  env: Record<string, string>;
  balancer?: boolean;
  store?: Omit<StoreOptions, "name" | "env">;
}): Promise<Cluster> {
  const stores: StoreProcess[] = [];
  let balancer: ChildProcess | undefined;
  const killBalancer = () => balancer?.kill("SIGKILL");
  const stop = async () => {
    process.off("exit", killBalancer);
    if (balancer && balancer.exitCode === null && balancer.signalCode === null) {
      const gone = new Promise((r) => balancer?.once("exit", r));
      balancer.kill("SIGTERM");
      await gone;
    }
    await Promise.all(stores.map((s) => s.kill("SIGTERM")));
    // Data directories made under a given dataRoot are left to its owner.
    if (!options.store?.dataRoot) for (const s of stores) fs.rmSync(s.dataDir, { recursive: true, force: true });
  };
  try {
    const frontPort = await freePort();
    const useBalancer = options.balancer ?? options.instances > 1;
    const env = {
      CODES_KEY: CLUSTER_CODES_KEY,
      ...options.env,
      ...(useBalancer ? { PUBLIC_URL: `http://127.0.0.1:${frontPort}`, TRUST_PROXY: "true" } : {}),
    };
    stores.push(await startStore({ ...options.store, name: "store1", env }));
    stores.push(
      ...(await Promise.all(
        Array.from({ length: options.instances - 1 }, (_, i) =>
          startStore({ ...options.store, name: `store${i + 2}`, env }),
        ),
      )),
    );
    if (!useBalancer) return { url: stores[0]?.url ?? "", stores, stop };

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-haproxy-"));
    const file = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(
      file,
      haproxyConfig(
        frontPort,
        stores.map((s) => s.port),
      ),
    );
    const started = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
    balancer = started;
    process.once("exit", killBalancer);
    let balancerErr = "";
    started.stderr.on("data", (chunk: Buffer) => {
      balancerErr = (balancerErr + chunk.toString("utf8")).slice(-4000);
    });
    const url = `http://127.0.0.1:${frontPort}`;
    try {
      await waitReady(`${url}/api/categories`, 20_000, () => started.exitCode !== null);
    } catch (err) {
      throw new Error(`HAProxy did not start: ${err instanceof Error ? err.message : String(err)}\n${balancerErr}`, {
        cause: err,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return { url, stores, ...(started.pid !== undefined ? { balancerPid: started.pid } : {}), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
