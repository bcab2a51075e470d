/** A 50,000-product store on a phone (docs/decisions.md D33), with its own server and seeded database
 * (playwright.scale.config.ts): the home shows before the catalog is complete, the paged sync resumes after a
 * dropped connection, search finds a product once synced, and the store keeps working offline. */
import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

const synced = () => localStorage.getItem("catalogSynced") !== null;

test("a 50,000-product store opens on a phone, shows home before its catalog is complete, finds a product by search once synced, and works offline", async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const pages: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let dropped: string | null = null;
  await page.route(/\/api\/sync\?/, async (route) => {
    const url = new URL(route.request().url());
    pages.push(url.search);
    // The third page is held until the home has been seen, then its connection drops once.
    if (pages.length === 3) {
      await held;
      dropped = url.searchParams.get("after");
      await route.abort("internetdisconnected");
      return;
    }
    await route.continue();
  });

  await page.goto("/");
  // The home's sections come from the first screen's small answer, long before 50,000 products are stored.
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await expect(page.locator("#new").getByRole("article")).toHaveCount(8);
  await expect.poll(() => pages.length).toBe(3);
  expect(await page.evaluate(synced)).toBe(false);
  release();

  // The dropped page is asked again when the network returns: the walk resumes there, not at the first page.
  await expect.poll(() => dropped).not.toBeNull();
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(() => pages.length).toBeGreaterThan(3);
  expect(new URLSearchParams(pages[3]).get("after")).toBe(dropped);
  expect(pages.filter((search) => !search.includes("after=")).length).toBe(1);
  await page.waitForFunction(synced, null, { timeout: 300_000 });
  // 50,000 products in pages of 1,000 (and the one that dropped, asked twice).
  expect(pages.length).toBeGreaterThanOrEqual(51);

  // Search finds a product from the last pages of the catalog. A worker reads the 50,000 products and builds the
  // index off the main thread: seconds on a loaded machine, hence the longer wait.
  const indexed = { timeout: 120_000 };
  await page.getByRole("button", { name: "Search", exact: true }).tap();
  const dialog = page.getByRole("dialog", { name: "Search products" });
  await dialog.getByRole("combobox", { name: "Search products" }).fill("Bench Product 49321 ");
  await expect(dialog.getByRole("listbox", { name: "Results" }).getByRole("option").first()).toContainText(
    "Bench Product 49321",
    indexed,
  );
  expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/search-index\.worker/));
  await page.keyboard.press("Escape");

  // Offline, once the service worker controls the page: the store still opens, searches and shows a product.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await context.setOffline(true);
  await page.goto("/");
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await page.getByRole("button", { name: "Search", exact: true }).tap();
  await dialog.getByRole("combobox", { name: "Search products" }).fill("Bench Product 31337 ");
  const option = dialog.getByRole("listbox", { name: "Results" }).getByRole("option").first();
  await expect(option).toContainText("Bench Product 31337", indexed);
  await option.tap();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bench Product 31337");
  await context.setOffline(false);
});
