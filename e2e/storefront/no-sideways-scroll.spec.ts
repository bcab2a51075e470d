/** Nothing scrolls sideways on a 360 px phone: every storefront screen, in English and in Arabic (right-to-left),
 * fits the screen's width, the private order page with its codes revealed included. */
import { expect, test, type Page } from "@playwright/test";
import { apiSession } from "../admin/console-helpers.ts";
import { addFromProductPage, uniqueEmail } from "../checkout/checkout-helpers.ts";
import { createStockProduct, placeOrder, privateOrderLink, tag } from "../stock/stock-helpers.ts";
import { categoryWithProducts, loadCatalog, productWithVariants } from "./catalog.ts";

const NARROW_PHONE = { width: 360, height: 740 };
test.use({ viewport: NARROW_PHONE, hasTouch: true, isMobile: true });

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose box leaves the screen's width (outside any container that scrolls or clips them). */
  outside: string[];
}

/** Measures the page: the document's own width and each visible element that sticks out left or right. */
async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible" && style.overflowX !== "clip") return true;
        if (style.overflowX === "clip") return true;
      }
      return false;
    };
    const describe = (el: Element): string => {
      const cls =
        typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls} "${text}"`;
    };
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      if (rect.right > width + 1 || rect.left < -1) {
        if (!clipped(el)) outside.push(`${describe(el)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside: outside.slice(0, 10) };
  });
}

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  // Fonts and late pictures change widths: measure once the page is still.
  await page.evaluate(() => document.fonts.ready);
  const overflow = await overflowOf(page);
  expect(overflow.outside, `${screen}: elements outside the screen`).toEqual([]);
  expect(overflow.scrollWidth, `${screen}: the page is wider than the screen`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
}

for (const lang of ["en", "ar"] as const) {
  test(`every storefront screen fits a 360 px phone (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const catalog = await loadCatalog(request);
    const { category } = categoryWithProducts(catalog);
    const withOptions = productWithVariants(catalog);

    // A delivered order with a code whose activation hint carries a long web address.
    const api = await apiSession(request);
    const id = tag();
    const product = await createStockProduct(api, {
      title: `Steam Wallet Narrow ${id}`,
      platform: "Steam",
      codes: [`NARROW-${id}-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`],
    });
    const orderCode = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("narrow"));
    await api.send("POST", `/api/admin/orders/${orderCode}/mark-paid`, {});
    const orderLink = await privateOrderLink(api, orderCode);

    // A cart line and a saved product, made in English, then the language of this run.
    await addFromProductPage(page, withOptions.id, withOptions.variants[0]?.name);
    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expect(page.getByText("Added to wishlist")).toBeVisible();
    await page.evaluate((l) => localStorage.setItem("lang", l), lang);

    const screens: [string, string][] = [
      ["home", "/"],
      ["all products", "/products"],
      ["a category", `/category/${category.slug}`],
      ["a product with options", `/product/${withOptions.id}`],
      ["the cart", "/cart"],
      ["checkout", "/checkout"],
      ["order success", `/order-success?code=${orderCode}`],
      ["the wishlist", "/wishlist"],
      ["not found", "/no-such-page-here"],
    ];
    for (const [screen, path] of screens) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoSidewaysScroll(page, screen);
    }

    // The private order page with its codes revealed.
    await page.goto(orderLink);
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "delivered");
    await page
      .getByRole("button", { name: lang === "ar" ? "إظهار الرموز" : "Reveal codes" })
      .first()
      .click();
    await expect(page.getByTestId("delivered-code")).toBeVisible();
    await expectNoSidewaysScroll(page, "the private order page, codes revealed");

    // The search overlay, open with results.
    await page.goto("/");
    await page.getByRole("button", { name: lang === "ar" ? "بحث" : "Search", exact: true }).click();
    const searchName = lang === "ar" ? "ابحث عن المنتجات" : "Search products";
    const search = page.getByRole("dialog", { name: searchName });
    await expect(search).toBeVisible();
    await search.getByRole("combobox", { name: searchName }).fill("gift");
    await expect(search.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "the search overlay");
  });
}
