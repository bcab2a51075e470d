/** JavaScript a shopper downloads before the home page is interactive (gzip), measured in Chromium:
 * every script fetched until the page is idle, gzip-compressed at level 9. Admin code must not be among them. */
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, report, startBuiltStore } from "./serve.ts";

const store = await startBuiltStore(4310);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ serviceWorkers: "block" });
  const scripts = new Map<string, number>();
  page.on("response", async (res) => {
    const url = res.url();
    if (res.request().resourceType() !== "script" || !url.startsWith(store.url)) return;
    const body = await res.body().catch(() => undefined);
    if (body) scripts.set(new URL(url).pathname, zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto(store.url + "/", { waitUntil: "networkidle" });
  await page.getByRole("heading").first().waitFor();
  await page.waitForTimeout(500);
  const totalGzip = [...scripts.values()].reduce((a, b) => a + b, 0);
  const adminChunks = [...scripts.keys()].filter((p) => /admin/i.test(p));
  const files = Object.fromEntries(
    [...scripts.entries()].sort((a, b) => b[1] - a[1]).map(([p, n]) => [p, +(n / 1024).toFixed(1)]),
  );
  console.error(files);
  report("home-js", {
    homeJsGzipKB: +(totalGzip / 1024).toFixed(1),
    budgetKB: 170,
    scripts: scripts.size,
    adminChunksOnHome: adminChunks.length,
  });
} finally {
  await browser.close();
  await store.stop();
}
