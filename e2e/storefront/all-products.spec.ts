import { expect, test } from "@playwright/test";
import { categoryWithProducts, loadCatalog } from "./catalog.ts";

test("All Products filters, sorts and resets", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  const total = catalog.products.length;
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();

  // Default sort is name ascending.
  const titles = page.getByRole("main").getByRole("article").getByRole("heading");
  const byName = [...catalog.products].map((p) => p.title).sort((a, b) => a.localeCompare(b));
  await expect(titles.first()).toHaveText(byName[0] ?? "");
  await page.getByLabel("Sort by").selectOption("name-desc");
  await expect(titles.first()).toHaveText(byName[byName.length - 1] ?? "");

  const { category, products } = categoryWithProducts(catalog);
  await page.getByLabel("Category").selectOption(category.id);
  await expect(page.getByText(`Showing ${products.length} of ${total} products`)).toBeVisible();

  // A minimum price above everything leaves nothing.
  await page.getByLabel("Minimum price").fill("1000");
  await expect(page.getByText("No products found matching your filters.")).toBeVisible();
  await page.getByRole("button", { name: "Reset Filters" }).click();
  await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("name-asc");
});

test("the filters live in the address: a reload, a shared link and Back keep them", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  const total = catalog.products.length;
  const { category, products } = categoryWithProducts(catalog);
  await page.goto("/products");
  await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();
  await page.getByLabel("Category").selectOption(category.id);
  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(new RegExp(`/products\\?.*category=${category.slug}`));
  await expect(page).toHaveURL(/sort=price-desc/);

  await page.reload();
  await expect(page.getByLabel("Category")).toHaveValue(category.id);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  await expect(page.getByText(`Showing ${products.length} of ${total} products`)).toBeVisible();

  // A link with filters opens filtered; a malformed value is ignored, not an error.
  await page.goto(`/products?category=${category.slug}&sort=nonsense&min=abc`);
  await expect(page.getByLabel("Category")).toHaveValue(category.id);
  await expect(page.getByLabel("Sort by")).toHaveValue("name-asc");

  await page.getByRole("link", { name: "All Products" }).first().click();
  await expect(page.getByLabel("Category")).toHaveValue("");
  await page.goBack();
  await expect(page.getByLabel("Category")).toHaveValue(category.id);
});
