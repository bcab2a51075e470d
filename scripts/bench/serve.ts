/** Starts the built store (server/dist/main.js) on a fresh seeded data dir for a benchmark. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { seedLargeCatalog } from "./seed-catalog.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../chromium.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface RunningStore {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts the built server of `root` (this checkout unless given: a bench may serve an older build beside it). */
export async function startBuiltStore(
  port: number,
  env: Record<string, string> = {},
  root: string = repoRoot,
): Promise<RunningStore> {
  const main = path.join(root, "server/dist/main.js");
  if (!fs.existsSync(main)) throw new Error("Build first: pnpm build");
  // A data dir given in env (a seeded store's copy) is the store's, and goes with it on stop().
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "yes",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "bench-password-1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A bench that dies before stop() must not leave the server holding its port.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let last: string;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/categories`);
      if (res.ok) break;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err); // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The store did not start in 90 s (last: ${last.slice(0, 200)})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      process.off("exit", killOnExit);
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo store's size. */
export const DEMO_SIZE = 48;

/** Seeds in progress, by size: the builds a bench compares start their stores together, and share one seed. */
const seeding = new Map<number, Promise<string>>();

/** The folder of a catalog of `size` products, seeded the first time it is asked for. */
function seededCatalog(size: number): Promise<string> {
  let seeded = seeding.get(size);
  if (!seeded) {
    seeded = (async () => {
      const template = path.join(repoRoot, `.tmp/bench-catalog-${size}`);
      if (!fs.existsSync(path.join(template, "store.db"))) {
        fs.rmSync(`${template}.partial`, { recursive: true, force: true });
        await seedLargeCatalog(`${template}.partial`, size);
        fs.renameSync(`${template}.partial`, template);
      }
      return template;
    })();
    seeding.set(size, seeded);
  }
  return seeded;
}

/**
 * A built store of `size` products: the demo, or a copy of a catalog seeded once by seed-catalog.ts and kept in
 * .tmp/bench-catalog-<size> between runs. `root` serves another checkout's build (a baseline) from the same data.
 */
export async function startStoreOfSize(port: number, size: number, root: string = repoRoot): Promise<RunningStore> {
  if (size === DEMO_SIZE) return startBuiltStore(port, {}, root);
  const template = await seededCatalog(size);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
  fs.cpSync(template, dataDir, { recursive: true });
  return startBuiltStore(port, { DATA_DIR: dataDir, SEED_DEMO: "no" }, root);
}

export { CHROMIUM, CHROMIUM_ARGS } from "../chromium.ts";

/** The value after `--name` on the command line. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The builds a run compares: this checkout, then each `--baseline <dir>[,<dir>...]` (clones of earlier commits,
 * built), named by their folder, the stores taking turns so the figures compare on one machine at one moment. */
export function buildsToCompare(): { name: string; root: string }[] {
  const baselines = argument("baseline")?.split(",").filter(Boolean) ?? [];
  return [
    { name: "this", root: repoRoot },
    ...baselines.map((dir) => ({ name: path.basename(path.resolve(dir)), root: path.resolve(dir) })),
  ];
}

/** The middle value (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Prints the one-line JSON summary that run.ts collects. */
export function report(name: string, figures: Record<string, unknown>): void {
  console.log(JSON.stringify({ bench: name, ...figures }));
}

/** Chrome DevTools' "Slow 3G" preset (its NetworkThrottlingPresets): 500 kbit/s and 400 ms scaled by 0.8 and 5. */
export const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

export interface PhoneOnSlow3G {
  context: BrowserContext;
  tab: Page;
  cdp: CDPSession;
  close: () => Promise<void>;
}

/** A Pixel 7 in a fresh Chromium profile (nothing cached, no service worker yet), its first tab on Slow 3G. */
export async function phoneOnSlow3G(): Promise<PhoneOnSlow3G> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  return { context, tab, cdp, close: () => browser.close() };
}
