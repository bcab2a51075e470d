/** The first screen the server writes into the page: readable, navigable and buying before any script has run. */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { localizeProduct } from "@store/shared/catalog-translations";
import { loadCatalog, productWithVariants, productWithoutVariants } from "./catalog.ts";

/** A phone without JavaScript, its cookies naming the shopper's language and currency. */
async function phoneWithoutScripts(
  browser: Browser,
  baseURL: string,
  cookies: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL })));
  return { context, page: await context.newPage() };
}

test("with JavaScript off, the home shows its heading and first products with prices, and their links work", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await phoneWithoutScripts(browser, baseURL ?? "");
  await page.goto("/");
  await expect(page.locator(".hero__title")).toBeVisible();
  const featured = page.locator("#featured");
  await expect(featured.getByRole("heading", { level: 2, name: "Featured products" })).toBeVisible();
  const first = featured.getByRole("article").first();
  await expect(first.locator(".product-card__title")).not.toBeEmpty();
  await expect(first.locator(".price__now")).toHaveText(/\$\d+\.\d\d/);
  await expect(first.getByRole("button", { name: "Add to cart" })).toBeVisible();
  // Navigable: the card opens its product's page, written by the server too.
  const title = (await first.locator(".product-card__title").textContent()) ?? "";
  await first.locator(".product-card__link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await context.close();
});

test("with JavaScript off, in Arabic and Tunisian dinars: the home and a product page, right to left", async ({
  browser,
  baseURL,
  request,
}) => {
  const product = productWithoutVariants(await loadCatalog(request));
  const { context, page } = await phoneWithoutScripts(browser, baseURL ?? "", { lang: "ar", currency: "TND" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("#featured").getByRole("heading", { level: 2, name: "منتجات مميزة" })).toBeVisible();
  await expect(page.locator("#featured .price__now").first()).toContainText("د.ت");

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: localizeProduct(product, "ar").title })).toBeVisible();
  await expect(page.locator("main .price__now")).toContainText("د.ت");
  await expect(page.getByRole("button", { name: "أضف إلى السلة" })).toBeVisible();
  await context.close();
});

test("a tap on Add to cart before the app has arrived is in the cart once it has", async ({ page, request }) => {
  const product = productWithoutVariants(await loadCatalog(request));
  // The app's main script is late: what a shopper on a slow line has in hand meanwhile.
  const entry = /\/assets\/index-[\w-]+\.js$/;
  await page.route(entry, (route) => route.abort());
  await page.goto(`/product/${product.id}`);
  await page.locator("[data-first-screen]").getByRole("spinbutton").fill("2");
  await page.locator("[data-first-screen]").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator("[data-first-screen]").getByRole("button", { name: "Added to cart" })).toBeVisible();
  await expect(page.locator("[data-early-count]")).toHaveText("1");

  // The app arrives (the next page) and says so: the line is in the cart, with its quantity.
  await page.unroute(entry);
  await page.goto("/cart");
  await expect(page.locator("[data-sonner-toast]").getByText("Added to cart")).toBeVisible();
  const line = page.locator(".checkout-line", { hasText: product.title });
  await expect(line).toBeVisible();
  await expect(line.getByTestId("line-qty")).toHaveText("2");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("what the shopper chose on the server's page before the app arrived is still chosen once it has", async ({
  page,
  request,
}) => {
  const product = productWithVariants(await loadCatalog(request));
  const second = product.variants[1];
  if (!second) throw new Error("needs two options");
  // The app's main script is held back until the shopper has chosen on the server's page.
  const entry = /\/assets\/index-[\w-]+\.js$/;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(entry, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: "commit" });
  const firstScreen = page.locator("[data-first-screen]");
  await firstScreen.getByRole("radio", { name: second.name }).check();
  await firstScreen.getByRole("spinbutton").fill("3");

  release();
  // The app's own page (the server's has no wishlist button) starts from that choice.
  await expect(page.locator(".wishlist-toggle")).toBeVisible();
  await expect(firstScreen).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  // The shopper was still in the quantity field: the app's field has the focus, so the keyboard stays open.
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toBeFocused();
  await expect(page.getByRole("radio", { name: second.name })).toBeChecked();
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Added to cart")).toBeVisible();
  await page.goto("/cart");
  const line = page.locator(".checkout-line", { hasText: second.name });
  await expect(line.getByTestId("line-qty")).toHaveText("3");
});
