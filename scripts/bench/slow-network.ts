/**
 * A shopper's visit on a phone over Chrome DevTools' "Slow 3G" line (2 s round trip, 400 kbit/s each way), the
 * way they feel it: in a fresh Chromium profile (nothing cached, no service worker), how long until the page's
 * heading is on screen, until the first product shows its name and price, and until "Add to cart" works (the
 * cart's count changes); then a second visit once the service worker is installed, still on that line, until
 * "Add to cart" works. On the home page and on a product page opened from a shared link, at 48 and 50,000
 * products, median of `--runs` (3), every run listed.
 * `--baseline <dir>[,<dir>]` serves another checkout's build (a clone of the commit before a change) in the same run, the
 * two stores taking turns, so the figures compare on one machine at one moment. `--sizes 48,50000` (default).
 */
import type { CDPSession, Page } from "@playwright/test";
import { argument, buildsToCompare, median, phoneOnSlow3G, report, SLOW_3G, startStoreOfSize } from "./serve.ts";

const BUDGET = { headingMs: 3000, firstProductMs: 4000, addToCartMs: 8000, secondVisitAddMs: 1500 };
const TIMEOUT_MS = 120_000;
/** How long a second visit waits for the first one's service worker (it installs once the catalog is stored). */
const SERVICE_WORKER_WAIT_MS = 240_000;

const RUNS = Number(argument("runs") ?? 3);
const SIZES = (argument("sizes") ?? "48,50000").split(",").map(Number);
const trees = buildsToCompare();
type PageName = "home" | "product";
const PATHS: Record<PageName, string> = { home: "/", product: "/product/steam-20" };
/** The second visit adds another product (the cart counts lines): the home's second card, another shared link. */
const SECOND_PATHS: Record<PageName, string> = { home: "/", product: "/product/xbox-50-us" };

interface Visit {
  headingMs: number;
  firstProductMs: number;
  addToCartMs: number;
  /** When the app has taken over from the page the server wrote (or from the boot shell). */
  appMs: number;
  /** A second visit with the service worker installed; null when it did not install in time. */
  secondVisitAddMs: number | null;
  /** Scripts and bytes (compressed, headers included) received until "Add to cart" worked. */
  scripts: number;
  kB: number;
}

/** Counts what the page receives, as the network reports it. */
function countTraffic(cdp: CDPSession): () => { scripts: number; bytes: number } {
  let bytes = 0;
  const scripts = new Set<string>();
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
  });
  return () => ({ scripts: scripts.size, bytes });
}

/** The page's heading and its first product's name and price. */
const HEADING: Record<PageName, string> = { home: ".hero__title", product: "main h1" };
const FIRST_PRODUCT: Record<PageName, string> = {
  home: ".product-card:has(.product-card__title):has(.product-card__media) .price__now",
  product: "main .price__now",
};
const ADD_BUTTON: Record<PageName, string> = {
  home: ".product-card .product-card__footer button.btn--primary:not([disabled])",
  product: "main .buy-row button.btn--primary:not([disabled])",
};

/** Whether the app has rendered over the server's first screen or index.html's boot shell. */
const APP_RENDERED = `document.querySelector("[data-first-screen], .boot-shell") === null`;

/** Waits until `expression` is true in the page. Playwright's waitForFunction builds a function from a string,
 * which the store's Content-Security-Policy refuses; evaluate() is not subject to it. */
async function until(tab: Page, expression: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await tab.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${expression}`);
    await tab.waitForTimeout(50);
  }
}

/** The lines the cart link counts (0 while it shows no count). A string, not a function: tsx's helpers do not
 * exist in the page. */
const CART_COUNT = `Math.max(0, ...[...document.querySelectorAll('a[href="/cart"] .count-badge')]
  .filter((b) => b.offsetParent !== null).map((b) => Number(b.textContent) || 0))`;
const cartCount = (tab: Page): Promise<number> => tab.evaluate<number>(CART_COUNT);

/** Taps "Add to cart" until the cart's count goes above `before` (a tap before anything listens changes nothing);
 * the ms from `start` when it did. */
async function addUntilCounted(tab: Page, page: PageName, before: number, start: number, card = 0): Promise<number> {
  const deadline = Date.now() + TIMEOUT_MS;
  const button = tab.locator(ADD_BUTTON[page]).nth(card);
  await button.waitFor({ timeout: TIMEOUT_MS });
  while (Date.now() < deadline) {
    // A page being rendered over may drop the button under the tap: tap again.
    await button.click({ timeout: TIMEOUT_MS }).catch(() => undefined);
    const tapped = Date.now();
    while (Date.now() - tapped < 400) {
      if ((await cartCount(tab).catch(() => 0)) > before) return Date.now() - start;
      await tab.waitForTimeout(25);
    }
  }
  throw new Error(`"Add to cart" never worked on ${tab.url()}`);
}

async function visit(url: string, page: PageName): Promise<Visit> {
  const phone = await phoneOnSlow3G();
  try {
    const { context, tab, cdp } = phone;
    const traffic = countTraffic(cdp);
    const start = Date.now();
    await tab.goto(`${url}${PATHS[page]}`, { waitUntil: "commit" });
    await tab.locator(HEADING[page]).first().waitFor({ timeout: TIMEOUT_MS });
    const headingMs = Date.now() - start;
    await tab.locator(FIRST_PRODUCT[page]).first().waitFor({ timeout: TIMEOUT_MS });
    const firstProductMs = Date.now() - start;
    const addToCartMs = await addUntilCounted(tab, page, 0, start);
    const { scripts, bytes } = traffic();
    await until(tab, APP_RENDERED);
    const appMs = Date.now() - start;

    // The second visit: once the service worker controls the store, the same page again, on the same line.
    const installed = await tab
      .waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
        timeout: SERVICE_WORKER_WAIT_MS,
        polling: 500,
      })
      .then(() => true)
      .catch(() => false);
    let secondVisitAddMs: number | null = null;
    if (installed) {
      const again = await context.newPage();
      const cdp2 = await context.newCDPSession(again);
      await cdp2.send("Network.enable");
      await cdp2.send("Network.emulateNetworkConditions", SLOW_3G);
      await tab.close();
      const start2 = Date.now();
      await again.goto(`${url}${SECOND_PATHS[page]}`, { waitUntil: "commit" });
      // The cart already holds the first visit's line once the app has read it.
      await again.locator('a[href="/cart"] .count-badge').first().waitFor({ timeout: TIMEOUT_MS });
      secondVisitAddMs = await addUntilCounted(again, page, await cartCount(again), start2, page === "home" ? 1 : 0);
    }
    return { headingMs, firstProductMs, addToCartMs, appMs, secondVisitAddMs, scripts, kB: Math.round(bytes / 1024) };
  } finally {
    await phone.close();
  }
}

type Summary = Record<keyof Visit, number | null> & { runs: Visit[]; withinBudget: Record<string, boolean> };

function summarize(visits: Visit[]): Summary {
  const pick = (key: keyof Visit) => {
    const values = visits.map((v) => v[key]).filter((v): v is number => v !== null);
    return values.length === visits.length ? median(values) : null;
  };
  const figures = {
    headingMs: pick("headingMs"),
    firstProductMs: pick("firstProductMs"),
    addToCartMs: pick("addToCartMs"),
    appMs: pick("appMs"),
    secondVisitAddMs: pick("secondVisitAddMs"),
    scripts: pick("scripts"),
    kB: pick("kB"),
  };
  const within = (value: number | null, budget: number) => value !== null && value <= budget;
  return {
    ...figures,
    runs: visits,
    withinBudget: {
      heading: within(figures.headingMs, BUDGET.headingMs),
      firstProduct: within(figures.firstProductMs, BUDGET.firstProductMs),
      addToCart: within(figures.addToCartMs, BUDGET.addToCartMs),
      secondVisitAdd: within(figures.secondVisitAddMs, BUDGET.secondVisitAddMs),
    },
  };
}

const results: Record<string, Record<string, Record<string, Summary>>> = {};
for (const size of SIZES) {
  const stores = await Promise.all(trees.map((t, i) => startStoreOfSize(4700 + i, size, t.root)));
  const visits: Record<string, Record<string, Visit[]>> = {};
  try {
    for (let r = 0; r < RUNS; r++) {
      for (const page of ["home", "product"] as const) {
        for (const [i, tree] of trees.entries()) {
          const store = stores[i];
          if (!store) continue;
          const v = await visit(store.url, page);
          ((visits[tree.name] ??= {})[page] ??= []).push(v);
          console.error(`${tree.name} ${size} ${page} run ${r + 1}: ${JSON.stringify(v)}`);
        }
      }
    }
  } finally {
    await Promise.all(stores.map((s) => s.stop()));
  }
  for (const [tree, pages] of Object.entries(visits)) {
    for (const [page, list] of Object.entries(pages))
      ((results[tree] ??= {})[String(size)] ??= {})[page] = summarize(list);
  }
}

for (const [tree, sizes] of Object.entries(results))
  for (const [size, pages] of Object.entries(sizes))
    for (const [page, s] of Object.entries(pages))
      console.log(
        `  ${tree}, ${size} products, ${page}: heading ${s.headingMs} ms, first product ${s.firstProductMs} ms, ` +
          `add to cart ${s.addToCartMs} ms, app ${s.appMs} ms, second visit ${s.secondVisitAddMs} ms, ${s.scripts} scripts, ${s.kB} kB` +
          ` (runs: ${s.runs.map((v) => `${v.headingMs}/${v.firstProductMs}/${v.addToCartMs}/${v.appMs}/${v.secondVisitAddMs}`).join(", ")})`,
      );
const ok = Object.values(results.this ?? {}).every((pages) =>
  Object.values(pages).every((s) => Object.values(s.withinBudget).every(Boolean)),
);
report("slow-network", { line: "Slow 3G (2 s latency, 400 kbit/s)", runsEach: RUNS, budget: BUDGET, ...results, ok });
