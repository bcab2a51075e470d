/**
 * A shopper's first visit on a phone over DevTools' "Slow 3G" line (2 s round trip, 50 kB/s each way), in a fresh
 * Chromium profile (nothing cached, no service worker): how long until the home page shows a product card with its
 * price and its picture, until a product page opened directly shows its title and "Add to cart", and the bytes
 * each downloaded meanwhile. What a shopper on a poor connection waits for, unlike Lighthouse's simulated figures.
 * `--baseline <dir>` serves another checkout's build (say a clone of the commit before a change) in the same run,
 * the two stores taking turns, so the figures compare on the same machine at the same moment. `--runs N` (3).
 */
import type { CDPSession } from "@playwright/test";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, repoRoot, report, startBuiltStore } from "./serve.ts";

/** Chrome DevTools' "Slow 3G" preset (its NetworkThrottlingPresets): 500 kbit/s and 400 ms scaled by 0.8 and 5. */
const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const TIMEOUT_MS = 120_000;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const RUNS = Number(argument("runs") ?? 3);
const baseline = argument("baseline");
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Visit {
  /** ms from navigation to the first card's price on home, or the title and "Add to cart" on a product page */
  content: number;
  /** ms until the first card's picture (home) or the product's picture has loaded */
  picture: number;
  /** bytes received until `content` */
  bytesAtContent: number;
}

/** Counts the bytes the page receives, as the network reports them (compressed, headers included). */
function countBytes(cdp: CDPSession): () => number {
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
  });
  return () => bytes;
}

async function visit(url: string, page: "home" | "product"): Promise<Visit> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    const bytes = countBytes(cdp);
    const start = Date.now();
    await tab.goto(page === "home" ? `${url}/` : `${url}/product/steam-20`, { waitUntil: "commit" });
    if (page === "home") {
      await tab.locator(".product-card .price__now").first().waitFor({ timeout: TIMEOUT_MS });
    } else {
      await tab.locator("h1").first().waitFor({ timeout: TIMEOUT_MS });
      await tab
        .getByRole("button", { name: /add to cart/i })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
    }
    const content = Date.now() - start;
    const bytesAtContent = bytes();
    const picture = page === "home" ? tab.locator(".product-card img").first() : tab.locator("main img").first();
    await tab.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await picture.elementHandle({ timeout: TIMEOUT_MS }),
      { timeout: TIMEOUT_MS },
    );
    return { content, picture: Date.now() - start, bytesAtContent };
  } finally {
    await browser.close();
  }
}

const trees = [{ name: "this", root: repoRoot }, ...(baseline ? [{ name: "baseline", root: baseline }] : [])];
const stores = await Promise.all(trees.map((t, i) => startBuiltStore(4700 + i, {}, t.root)));
const runs: Record<string, Record<string, Visit[]>> = {};
try {
  for (let r = 0; r < RUNS; r++) {
    for (const [i, tree] of trees.entries()) {
      const store = stores[i];
      if (!store) continue;
      for (const page of ["home", "product"] as const) {
        const v = await visit(store.url, page);
        ((runs[tree.name] ??= {})[page] ??= []).push(v);
        console.error(`${tree.name} ${page} run ${r + 1}: ${JSON.stringify(v)}`);
      }
    }
  }
} finally {
  await Promise.all(stores.map((s) => s.stop()));
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([tree, pages]) => [
    tree,
    Object.fromEntries(
      Object.entries(pages).map(([page, visits]) => [
        page,
        {
          contentMs: median(visits.map((v) => v.content)),
          pictureMs: median(visits.map((v) => v.picture)),
          kBAtContent: Math.round(median(visits.map((v) => v.bytesAtContent)) / 1024),
          runs: visits,
        },
      ]),
    ),
  ]),
);
report("slow-line", { line: "Slow 3G (2 s RTT, 50 kB/s)", runsEach: RUNS, ...summary });
