import { expect, test } from "@playwright/test";
import type { Product } from "@store/shared/schemas/catalog";
import { apiSession } from "../admin/console-helpers.ts";
import { createProduct, usd } from "../admin/catalog-fixtures.ts";
import { loadCatalog, productWithoutVariants } from "./catalog.ts";

test("the product page shows the operator's article code as SKU, four price tiles and sets the title", async ({
  page,
  request,
}) => {
  const product = productWithoutVariants(await loadCatalog(request));
  expect(product.sku).not.toBe("");
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(product.title);
  await expect(page.locator(".sku")).toHaveText(`SKU: ${product.sku}`);
  await expect(page.getByText(product.id, { exact: true })).toHaveCount(0);
  const tiles = page.getByRole("list", { name: "Prices in other currencies" }).getByRole("listitem");
  await expect(tiles).toHaveCount(4);
  for (const code of ["USD", "TND", "EUR", "EGP"]) await expect(tiles.filter({ hasText: code })).toHaveCount(1);
});

test("before the app's JavaScript runs, the page already shows the product's picture at its final size", async ({
  browser,
  request,
}) => {
  const product = productWithoutVariants(await loadCatalog(request));
  const measure = async (javaScriptEnabled: boolean, selector: string) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`/product/${product.id}`);
    // With the app running, its own picture: once React has replaced the server's first screen (until then the
    // selector also finds the first screen's picture, which the app then takes away).
    if (javaScriptEnabled) await expect(page.locator("[data-first-screen]")).toHaveCount(0);
    const picture = page.locator(selector);
    await expect(picture).toHaveAttribute("src", product.image);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Measured again until it is on screen: a render of the page as its data arrives may replace the element.
    let size: { width: number; height: number } | undefined;
    await expect
      .poll(async () => {
        const box = await picture.boundingBox();
        size = box ? { width: Math.round(box.width), height: Math.round(box.height) } : undefined;
        return size !== undefined;
      })
      .toBe(true);
    await context.close();
    return size;
  };
  // What a phone shows while the app downloads: the server wrote the page's first screen, picture and all.
  const shell = await measure(false, "[data-first-screen] .product-detail__media img");
  const app = await measure(true, ".product-detail__media img");
  expect(shell).toEqual(app);
  expect(shell?.width).toBe(380);
});

test("the wishlist heart toggles and survives a reload", async ({ page, request }) => {
  const product = productWithoutVariants(await loadCatalog(request));
  await page.goto(`/product/${product.id}`);
  const heart = page.getByRole("button", { name: "Add to wishlist" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
});

test("the variant picker changes the price", async ({ page, request }) => {
  const differ = (p: Product) => p.variants.length > 1 && p.variants[0]?.price.USD !== p.variants[1]?.price.USD;
  const product =
    (await loadCatalog(request)).products.find(differ) ??
    (await createProduct(await apiSession(request), {
      variants: [
        { name: "Standard", price: usd(1000) },
        { name: "Deluxe", price: usd(2500) },
      ],
    }));
  const second = product.variants[1];
  await page.goto(`/product/${product.id}`);
  const usdTile = page.locator('[data-currency="USD"]');
  const before = await usdTile.textContent();
  await page.getByRole("radio", { name: second?.name ?? "" }).check();
  await expect(usdTile).not.toHaveText(before ?? "");
});

test("Add to cart shows a toast and the header badge counts distinct lines", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  const product = productWithoutVariants(catalog);
  await page.goto(`/product/${product.id}`);
  const cart = page.getByRole("link", { name: /^Cart/ });
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  // The same product again is the same line.
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(cart).toHaveAttribute("href", "/cart");
  await page.reload();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("an unknown product id shows 'Product not found.'", async ({ page }) => {
  await page.goto("/product/no-such-product-id");
  await expect(page.getByText("Product not found.")).toBeVisible();
});
