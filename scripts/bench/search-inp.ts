/**
 * INP of the search overlay in Chromium: the built client is served as static files (the API answers
 * 503, so no sync replaces the catalog), 10,000 products are written into its IndexedDB, then a
 * shopper types, pauses, moves the highlight and toggles filters while a PerformanceObserver records
 * 'event' timings. INP here is the longest interaction (fewer than 50 interactions).
 */
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { CHROMIUM, CHROMIUM_ARGS } from "../chromium.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

function serve(dist: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path.startsWith("/api/") || path === "/sw.js") {
      res.writeHead(503, { "Content-Type": "application/json" }).end('{"error":"bench"}');
      return;
    }
    const file = normalize(join(dist, path));
    const target = file.startsWith(dist) && extname(file) ? file : join(dist, "index.html");
    readFile(target)
      .then((body) =>
        res.writeHead(200, { "Content-Type": TYPES[extname(target)] ?? "application/octet-stream" }).end(body),
      )
      .catch(() => res.writeHead(404).end());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** `interactions` counts those slower than 16 ms (the only ones the browser reports). */
export async function measureInp(
  dist: string,
  products: Product[],
  categories: Category[],
): Promise<{ inpMs: number; interactions: number }> {
  const server = await serve(dist);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForLoadState("networkidle");
    // Write the catalog straight into the app's Dexie database (already created by the app).
    await page.evaluate(
      async ({ products, categories }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open("digital-store");
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(["products", "categories", "meta"], "readwrite");
          for (const p of products) tx.objectStore("products").put(p);
          for (const c of categories) tx.objectStore("categories").put(c);
          tx.objectStore("meta").put({ key: "catalogVersion", value: 1 });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { products, categories },
    );
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Control+k");
    await page.locator('[role="dialog"] [role="listbox"]').waitFor();
    await page.evaluate(() => {
      const w = window as Window & { __inp?: { id: number; duration: number; name: string; start: number }[] };
      w.__inp = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId)
            w.__inp?.push({
              id: entry.interactionId,
              duration: entry.duration,
              name: entry.name,
              start: entry.startTime,
            });
        }
      }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    });

    const box = page.getByRole("combobox", { name: "Search products" });
    // Typing with pauses longer and shorter than the 275 ms debounce, so searches land between keys.
    for (const [text, pause] of [
      ["st", 350],
      ["eam", 90],
      [" wal", 400],
      ["let", 300],
    ] as const) {
      await box.pressSequentially(text, { delay: 60 });
      await page.waitForTimeout(pause);
    }
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Backspace");
      await page.waitForTimeout(i % 2 ? 320 : 80);
    }
    await box.fill("");
    await box.pressSequentially("e", { delay: 60 });
    await page.waitForTimeout(400);
    const dialog = page.getByRole("dialog");
    for (const name of ["PC", "Global", "PS", "Gift cards"]) {
      await dialog.getByRole("button", { name, exact: true }).click();
      await page.waitForTimeout(150);
    }
    await dialog.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.waitForTimeout(150);
    await dialog.getByRole("combobox", { name: "Sort by" }).selectOption("popularity");
    await page.waitForTimeout(1000);

    const events = await page.evaluate(
      () => (window as Window & { __inp?: { id: number; duration: number }[] }).__inp ?? [],
    );
    if (process.env.INP_DEBUG) console.log(JSON.stringify(events));
    const byInteraction = new Map<number, number>();
    for (const e of events) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
    const worst = Math.max(0, ...byInteraction.values());
    // Interactions faster than the observer's 16 ms threshold are not reported at all.
    return { inpMs: Math.round(worst), interactions: byInteraction.size };
  } finally {
    await browser.close();
    server.close();
  }
}
