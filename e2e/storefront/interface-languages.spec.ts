/** Every storefront screen in French and in Arabic says nothing of its own in English: the page's text, with the
 * catalog's own texts (the operator's product, category and banner words) taken out, holds none of the interface's
 * English words. A string that bypasses the catalogs shows up here. */
import { expect, test, type Page } from "@playwright/test";
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { categoryWithProducts, loadCatalog, productWithVariants } from "./catalog.ts";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

/** Words and phrases of the English interface (whole words, case kept): none belongs in a French or Arabic page. */
const ENGLISH = [
  "Add to cart",
  "Out of stock",
  "In stock",
  "Email delivery",
  "Instant delivery",
  "Email",
  "Global",
  "Esc",
  "Choose an option",
  "Search",
  "Wishlist",
  "Delivery",
  "Description",
  "Quantity",
  "SKU",
  "Subtotal",
  "Total",
  "Remove",
  "Loading",
  "Home",
  "All Products",
  "Your cart",
  "Thank you",
  "Order",
  "Browse",
  "Shop Now",
  "Featured",
  "Subscribe",
  "Menu",
  "Clear",
  "Sort",
  "Price",
  "Previous",
  "Next",
  "Pause",
  "Not found",
  "Page not found",
];

/** The page's visible text without the catalog's own words (product titles, descriptions, taglines, platforms,
 * regions other than the store's "Global", option names, category names, banner titles, and the operator's French
 * and Arabic texts of them, which a shopper reading that language sees instead) and the brand. */
function interfaceText(text: string, catalog: SyncResponse): string {
  const own = new Set<string>(["Digital Store", "support@digitalstore.example"]);
  const add = (...texts: (string | undefined)[]) => {
    for (const s of texts) if (s) own.add(s);
  };
  for (const p of catalog.products) {
    add(p.title, p.description, p.tagline, p.platform, p.sku);
    for (const t of Object.values(p.translations ?? {})) add(t?.title, t?.tagline, t?.description);
    if (p.region && p.region !== "Global") own.add(p.region);
    for (const v of p.variants) own.add(v.name);
  }
  for (const c of catalog.categories) {
    add(c.name);
    for (const t of Object.values(c.translations ?? {})) add(t?.name);
  }
  for (const b of catalog.banners) {
    add(b.title);
    for (const t of Object.values(b.translations ?? {})) add(t?.title);
  }
  let rest = text;
  // Longest first, so a title is removed before a shorter text inside it.
  for (const s of [...own].sort((a, b) => b.length - a.length)) rest = rest.split(s).join(" ");
  return rest;
}

/** English words that are French words too, spelled the same. */
const ALSO_FRENCH = new Set(["Total", "Pause", "Description", "Menu"]);

function englishIn(text: string, lang: "fr" | "ar"): string[] {
  return ENGLISH.filter(
    (word) =>
      !(lang === "fr" && ALSO_FRENCH.has(word)) && new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, "u").test(text),
  );
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

for (const lang of ["fr", "ar"] as const) {
  test(`every storefront screen in ${lang === "fr" ? "French" : "Arabic"} leaves no English of its own`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const catalog = await loadCatalog(request);
    const { category } = categoryWithProducts(catalog);
    const withOptions = productWithVariants(catalog);
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);

    const found: Record<string, string[]> = {};
    const check = async (screen: string) => {
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const english = englishIn(interfaceText(await visibleText(page), catalog), lang);
      if (english.length > 0) found[screen] = english;
    };

    await page.goto("/");
    await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
    await expect(page.locator(".product-card").first()).toBeVisible();
    await check("home");

    await page.goto("/products");
    await expect(page.locator(".product-card").first()).toBeVisible();
    await check("all products");

    await page.goto(`/category/${category.slug}`);
    await expect(page.locator(".product-card").first()).toBeVisible();
    await check("category");

    await page.goto(`/product/${withOptions.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withOptions.title);
    await check("product");
    // Into the cart, and the wishlist, from here.
    await page.locator(".product-detail__info .btn--primary").first().tap();
    await page.locator(".wishlist-toggle").tap();
    // Each is stored once the screen shows it: a page load at once could cut its write short.
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page.locator(".wishlist-toggle")).toHaveAttribute("aria-pressed", "true");

    await page.goto("/cart");
    await expect(page.locator(".checkout-line").first()).toBeVisible();
    await check("cart and checkout");

    await page.goto("/wishlist");
    await expect(page.locator(".wishlist-item").first()).toBeVisible();
    await check("wishlist");

    await page.goto("/order-success?code=PNR-AAAAAAAA");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await check("order success");

    await page.goto("/orders/not-a-real-token-0000000000000000");
    await expect(page.getByRole("heading", { level: 1 }).or(page.getByRole("alert")).first()).toBeVisible();
    await check("private order page");

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await check("not found");

    await page.goto("/");
    await expect(page.locator(".product-card").first()).toBeVisible();
    // The app's search button: the server's first screen has a link to /products in its place until the app runs.
    await page.locator("button.search-trigger").tap();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.locator(".search-overlay__input").fill("card");
    await expect(dialog.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await check("search");

    expect(found).toEqual({});
  });
}
