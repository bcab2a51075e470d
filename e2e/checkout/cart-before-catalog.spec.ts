/** A cart opened while the device has no catalog stored (a first visit's, or one being copied again): its lines and
 * subtotal wait with a dash, and never read "Unavailable product", "Price unavailable" or $0.00 meanwhile. */
import { expect, type Page } from "@playwright/test";
import { formatMoney } from "@store/shared/currency";
import { test } from "../api-test.ts";
import { createProduct, tag, usd } from "../admin/catalog-fixtures.ts";
import { CATALOG_REQUESTS } from "../storefront/catalog.ts";
import { addFromProductPage } from "./checkout-helpers.ts";

/** Empties the device's stored catalog, as a device that has never stored one (the cart stays). */
async function forgetStoredCatalog(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("digital-store");
        open.onerror = () => reject(open.error ?? new Error("no database"));
        open.onsuccess = () => {
          const tx = open.result.transaction(["products", "meta"], "readwrite");
          tx.objectStore("products").clear();
          tx.objectStore("meta").delete("catalogVersion");
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error("not written"));
        };
      }),
  );
}

/** Holds the catalog's requests until the returned function is called. */
async function holdCatalog(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CATALOG_REQUESTS, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every text the cart's list and subtotal show, recorded in the page from now on. */
async function recordCartTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () => {
      const cart = document.querySelector(".checkout__cart");
      if (cart) seen.push(cart.textContent);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { cartTexts: seen });
  });
  return () => page.evaluate(() => (window as unknown as { cartTexts: string[] }).cartTexts);
}

const WORDS = {
  en: { list: "Items in your cart", false: ["Unavailable product", "Price unavailable", formatMoney(0, "USD", "en")] },
  ar: { list: "المنتجات في سلتك", false: ["منتج غير متوفر", "السعر غير متوفر", formatMoney(0, "USD", "ar")] },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a cart opened before the catalog is stored waits with a dash, then shows the prices (${lang})`, async ({
    page,
    api,
  }) => {
    const words = WORDS[lang];
    const product = await createProduct(api, { title: `Waiting cart ${tag()}`, price: usd(1250) });
    await addFromProductPage(page, product.id);
    if (lang === "ar") await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await forgetStoredCatalog(page);

    const release = await holdCatalog(page);
    await page.goto("/cart");
    if (lang === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const line = page.getByRole("list", { name: words.list }).getByRole("listitem");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("figure-pending")).toBeVisible();
    await expect(page.getByTestId("cart-subtotal").getByTestId("figure-pending")).toBeVisible();
    const texts = await recordCartTexts(page);

    release();
    await expect(line.getByRole("link", { name: product.title })).toBeVisible();
    await expect(page.getByTestId("cart-subtotal").getByTestId("figure-pending")).toHaveCount(0);
    await expect(page.getByTestId("cart-subtotal")).toHaveText(formatMoney(1250, "USD", lang));
    expect((await texts()).filter((text) => words.false.some((figure) => text.includes(figure)))).toEqual([]);
  });
}
