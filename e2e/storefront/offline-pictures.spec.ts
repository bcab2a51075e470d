/** Offline, pictures of products never opened still show: after a catalog sync the service worker fetches the
 * catalog's pictures ahead (within its budget), so a product page and the search's results have them. */
import { expect, test, type Page } from "@playwright/test";
import { loadCatalog } from "./catalog.ts";

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Whether the service worker's picture cache holds `url`. */
function cached(page: Page, url: string): Promise<boolean> {
  return page.evaluate(async (u) => (await (await caches.open("product-images")).match(u)) !== undefined, url);
}

test("a product never opened shows its picture offline, in English and in Arabic", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const catalog = await loadCatalog(request);
  // Products the home page does not show (no picture of theirs was seen on the way).
  const [first, second] = catalog.products
    .filter((p) => p.image.startsWith("/uploads/") && p.discountPercent === 0)
    .sort((a, b) => a.sales - b.sales);
  if (!first || !second) throw new Error("the demo catalog has too few products with pictures");

  await page.goto("/wishlist");
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
  // A first visit fetches nothing ahead; the next one (the catalog already on the device) does, in the background.
  await page.reload();
  await expect.poll(() => cached(page, first.image), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cached(page, second.image), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(`/product/${first.id}`);
  await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
  const picture = page.locator(".product-detail img").first();
  await expect(picture).toHaveAttribute("src", first.image);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // In Arabic, the search's result row of the other product has its picture too.
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.goto("/wishlist");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "بحث", exact: true }).click();
  const search = page.getByRole("dialog", { name: "ابحث عن المنتجات" });
  await search.getByRole("combobox", { name: "ابحث عن المنتجات" }).fill(second.title);
  const row = search.getByRole("listbox").getByRole("option").filter({ hasText: second.title }).first();
  await expect(row).toBeVisible();
  const thumb = row.locator(`img[src="${second.image}"]`);
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await context.setOffline(false);
});
