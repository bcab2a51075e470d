import { expect, test } from "@playwright/test";
import { categoryWithProducts, loadCatalog } from "./catalog.ts";

test("a category page is titled '{name} Store' and lists its products and those of its subcategories", async ({
  page,
  request,
}) => {
  const catalog = await loadCatalog(request);
  const { category, products } = categoryWithProducts(catalog);
  await page.goto(`/category/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  await expect(page).toHaveTitle(`${category.name} Store`);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(products.length);
  const sub = catalog.categories.find((c) => c.parentId === category.id);
  if (sub)
    await expect(page.getByRole("list", { name: "Subcategories" }).getByRole("link", { name: sub.name })).toBeVisible();
});

test("/categories/{slug} is the same screen", async ({ page, request }) => {
  const { category } = categoryWithProducts(await loadCatalog(request));
  await page.goto(`/categories/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
});

test("an unknown category slug says so", async ({ page }) => {
  await page.goto("/category/no-such-category-slug");
  await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
});
