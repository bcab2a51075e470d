import { expect, test, type Page } from "@playwright/test";
import { loadCatalog, productWithVariants, productWithoutVariants } from "./catalog.ts";

async function save(page: Page, id: string): Promise<void> {
  await page.goto(`/product/${id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Added to wishlist")).toBeVisible();
}

test("the heart fills a wishlist reached from the header, which moves a product to the cart", async ({
  page,
  request,
}) => {
  const catalog = await loadCatalog(request);
  const simple = productWithoutVariants(catalog);
  const withOptions = productWithVariants(catalog);
  await save(page, simple.id);
  await save(page, withOptions.id);
  await expect(page.getByTestId("wishlist-badge")).toHaveText("2");

  await page.getByRole("link", { name: "Wishlist, 2 items" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your wishlist" })).toBeVisible();
  const items = page.getByRole("list", { name: "Saved products" }).getByRole("listitem");
  // Newest first, each with its price and stock.
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(withOptions.title);
  await expect(items.nth(0)).toContainText(/From \$\d+\.\d{2}/);
  await expect(items.nth(1)).toContainText(simple.title);
  await expect(items.nth(1)).toContainText(/\$\d+\.\d{2}/);
  await expect(items.nth(1)).toContainText("In stock");
  await expect(items.nth(1)).not.toContainText("Price");

  // A product with options is chosen on its page; a simple one moves straight to the cart.
  await expect(items.nth(0).getByRole("link", { name: `Choose an option: ${withOptions.title}` })).toHaveAttribute(
    "href",
    `/product/${withOptions.id}`,
  );
  await items
    .nth(1)
    .getByRole("button", { name: `Move to cart: ${simple.title}` })
    .click();
  await expect(page.getByText("Moved to cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId("wishlist-badge")).toHaveText("1");

  await items
    .nth(0)
    .getByRole("button", { name: `Remove from wishlist: ${withOptions.title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Your wishlist is empty" })).toBeVisible();
  await expect(page.getByTestId("wishlist-badge")).toHaveCount(0);
  await page.goto("/cart");
  await expect(page.getByRole("list", { name: "Items in your cart" })).toContainText(simple.title);
});

test("the wishlist opens offline, in Arabic, right to left", async ({ page, context, request }) => {
  const simple = productWithoutVariants(await loadCatalog(request));
  await page.addInitScript(() => localStorage.setItem("lang", "ar"));
  await page.goto(`/product/${simple.id}`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.getByRole("button", { name: "أضف إلى قائمة الأمنيات" }).click();
  await expect(page.getByTestId("wishlist-badge")).toHaveText("1");

  await context.setOffline(true);
  await page.goto("/wishlist");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "قائمة أمنياتك" })).toBeVisible();
  await expect(page.getByRole("list", { name: "المنتجات المحفوظة" })).toContainText(simple.title);
  await expect(page.getByText("متوفر", { exact: true })).toBeVisible();
  await context.setOffline(false);
});
