import { expect, test } from "@playwright/test";
import { categoryWithProducts, loadCatalog, productWithoutVariants } from "./catalog.ts";

test("after one online visit the storefront works offline", async ({ page, context, request }) => {
  const catalog = await loadCatalog(request);
  const { category } = categoryWithProducts(catalog);
  const product = productWithoutVariants(catalog);

  await page.goto("/");
  // Wait for the service worker to control the page and for the catalog to be stored locally.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
  // Let the product image of the detail page reach the runtime cache too.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();

  await context.setOffline(true);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured products" })).toBeVisible();
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();

  await page.goto(`/category/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();

  await page.goto("/products");
  // The whole catalog the device stored, every product of it listed. Tests running beside this one add and remove
  // products on the shared server, so the device's sync may have seen one or two more or fewer than the read above.
  const status = page.getByText(/^Showing \d+ of \d+ products$/);
  await expect(status).toBeVisible();
  const [shown, stored] = ((await status.textContent()) ?? "").match(/\d+/g)?.map(Number) ?? [];
  expect(shown).toBe(stored);
  expect(Math.abs((stored ?? 0) - catalog.products.length)).toBeLessThanOrEqual(3);

  await context.setOffline(false);
});
