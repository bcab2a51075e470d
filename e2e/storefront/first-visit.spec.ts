import { expect, test } from "@playwright/test";
import { localizeCategory } from "@store/shared/catalog-translations";
import { CATALOG_REQUESTS, categoryWithProducts, loadCatalog } from "./catalog.ts";

test("a first visit whose catalog cannot load shows the store's empty state, and Try again fills it in", async ({
  page,
}) => {
  await page.route(CATALOG_REQUESTS, (route) => route.abort("internetdisconnected"));
  // The list of every product: its page carries no catalog of its own.
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "The store could not be loaded" })).toBeVisible();
  await expect(page.locator(".skeleton")).toHaveCount(0);

  await page.unroute(CATALOG_REQUESTS);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(page.getByTestId("catalog-unavailable")).toHaveCount(0);
});

test("a first visit to the home opens on the catalog its page carries, while the catalog's own requests fail", async ({
  page,
}) => {
  await page.route(CATALOG_REQUESTS, (route) => route.abort("internetdisconnected"));
  await page.goto("/");
  // The app, not the server's first screen, shows the featured products.
  await expect(page.locator("[data-first-screen]")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Featured offers" })).toBeVisible();
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await expect(page.getByTestId("catalog-unavailable")).toHaveCount(0);
});

test("a category page opened without a network fills in by itself when the network returns (Arabic)", async ({
  page,
  request,
}) => {
  const { category } = categoryWithProducts(await loadCatalog(request));
  await page.addInitScript(() => localStorage.setItem("lang", "ar"));
  await page.route(CATALOG_REQUESTS, (route) => route.abort("internetdisconnected"));
  await page.goto(`/category/${category.slug}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "تعذّر تحميل المتجر" })).toBeVisible();

  await page.unroute(CATALOG_REQUESTS);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  // Under the category's Arabic name, where it has one (the demo's categories do).
  await expect(page.getByRole("heading", { level: 1, name: localizeCategory(category, "ar").name })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});
