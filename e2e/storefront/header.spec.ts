import { expect, test } from "@playwright/test";
import { CATALOG_REQUESTS, loadCatalog } from "./catalog.ts";

test("the header lists All Products and every top-level category once they are local", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
  for (const category of catalog.categories.filter((c) => c.parentId === null)) {
    await expect(nav.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
      "href",
      `/category/${category.slug}`,
    );
  }
  // The 5-item skeleton does not stay once categories are there.
  await expect(page.getByTestId("nav-skeleton")).toHaveCount(0);
});

test("the category links stay hidden, not skeletons forever, when the catalog cannot load", async ({ page }) => {
  await page.route(CATALOG_REQUESTS, (route) =>
    route.fulfill({ status: 500, body: '{"error":"down"}', contentType: "application/json" }),
  );
  // A page that carries no catalog of its own (the home's and a product's do).
  await page.goto("/products");
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav.getByRole("link", { name: "All Products" })).toBeVisible();
  await expect(page.getByTestId("nav-skeleton")).toHaveCount(0);
  await expect(nav.getByRole("link")).toHaveCount(1);
});

test("a first visit whose catalog is slow to arrive still shows the store, then fills in", async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CATALOG_REQUESTS, async (route) => {
    await held;
    await route.continue();
  });
  // A page that carries no catalog of its own (the home's and a product's do).
  await page.goto("/products");
  // The app waits a moment for the catalog, then renders without it: header, links and loading states.
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav.getByRole("link", { name: "All Products" })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  release();
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

test("Ctrl+K and '/' open the search dialog", async ({ page }) => {
  await page.goto("/");
  // The keys are the app's: once it has taken over from the page the server wrote.
  await expect(page.locator("[data-first-screen]")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "All Products" }),
  ).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("/");
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the not-found page has a heading, a text and a way home", async ({ page }) => {
  await page.goto("/definitely/not/a/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
