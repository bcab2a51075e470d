/** What a shopper on a 412x915 touch phone meets: the menu, readable buttons, cards with options, pages that
 * do not exist, the newsletter. */
import { expect, test, type Page } from "@playwright/test";
import { expectButtonLinksReadable, expectNoSeriousAxeViolations } from "../a11y.ts";
import { loadCatalog, productWithVariants, productWithoutVariants } from "./catalog.ts";
import { openHomeMenu } from "./menu.ts";

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function useLanguage(page: Page, lang: "en" | "ar"): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
}

test.describe("the phone menu", () => {
  test("fills the screen's height, reaches the currency and the categories, and navigates", async ({
    page,
    request,
  }) => {
    const catalog = await loadCatalog(request);
    const category = catalog.categories.find((c) => c.parentId === null);
    const menu = await openHomeMenu(page, "tap");
    const box = await menu.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBe(PHONE.height);
    expect(box?.x).toBe(0);

    // Everything in the menu is inside the screen and can be used.
    const currency = menu.getByRole("combobox", { name: "Currency" });
    await expect(currency).toBeInViewport();
    await currency.selectOption("EUR");
    await expect(currency).toHaveValue("EUR");
    const link = menu.getByRole("link", { name: category?.name ?? "" });
    await expect(link).toBeInViewport();
    await link.tap();
    await expect(page).toHaveURL(new RegExp(`/category/${category?.slug ?? ""}$`));
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: category?.name ?? "" })).toBeVisible();
  });

  test("keeps the keyboard inside, closes on Escape and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      // Focus may pass through the browser's own UI, never the page behind the menu.
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null || !!active.closest("#mobile-menu");
      });
      expect(inside, `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("closes on a tap outside it", async ({ page }) => {
    const menu = await openHomeMenu(page, "tap");
    await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
    await expect(menu).toBeHidden();
  });

  test("opens from the right edge in Arabic, whole and usable", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "فتح القائمة" }).tap();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBe(PHONE.width);
    expect(box?.height).toBe(PHONE.height);
    await expect(menu.getByRole("combobox")).toBeInViewport();
    await page.touchscreen.tap(20, PHONE.height / 2);
    await expect(menu).toBeHidden();
  });
});

test.describe("links styled as buttons", () => {
  const pages = [
    ["/", "Shop Now"],
    ["/no-such-page", "Go home"],
    ["/product/no-such-product", "Browse all products"],
    ["/category/no-such-category", "Browse all products"],
    ["/cart", "Continue shopping"],
    ["/order-success", "Back to the store"],
  ] as const;
  for (const theme of ["light", "dark"] as const) {
    for (const [path, name] of pages) {
      test(`are readable on ${path}, and axe finds nothing serious (${theme})`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("link", { name })).toBeVisible();
        await expectButtonLinksReadable(page);
        await expectNoSeriousAxeViolations(page);
      });
    }
  }
});

test("a card of a product sold in several options sends the shopper to choose one", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  const withOptions = productWithVariants(catalog);
  await page.goto(`/category/${catalog.categories.find((c) => c.id === withOptions.categoryId)?.slug ?? ""}`);
  const card = page.locator("article.product-card").filter({ hasText: withOptions.title });
  await expect(card.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expect(card.getByText(/^From /)).toBeVisible();
  await card.getByRole("link", { name: "Choose an option" }).tap();
  await expect(page).toHaveURL(new RegExp(`/product/${withOptions.id}$`));
  await expect(page.getByRole("radiogroup").or(page.getByRole("group"))).toBeVisible();
  // Nothing went into the cart on the way.
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("a card of a product without options still adds it to the cart", async ({ page, request }) => {
  const simple = productWithoutVariants(await loadCatalog(request));
  await page.goto(
    `/category/${(await loadCatalog(request)).categories.find((c) => c.id === simple.categoryId)?.slug ?? ""}`,
  );
  const card = page.locator("article.product-card").filter({ hasText: simple.title });
  await card.getByRole("button", { name: "Add to cart" }).tap();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("the empty cart offers no order form, only the way back to shopping", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toBeInViewport();
  await expect(page.getByRole("button", { name: /Place order/ })).toHaveCount(0);
  await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
});

test.describe("pages that do not exist", () => {
  test("answer 404 with the not-found screen; real pages answer 200", async ({ page, request }) => {
    const product = productWithoutVariants(await loadCatalog(request));
    for (const path of ["/no-such-page", "/product/no-such-product", "/category/no-such-category"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Browse all products" })).toBeVisible();
    for (const path of ["/", "/products", `/product/${product.id}`]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test("a product page describes itself to search engines; the home page has one h1", async ({ page, request }) => {
    const product = productWithoutVariants(await loadCatalog(request));
    const html = await (await request.get(`/product/${product.id}`)).text();
    const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(description.length).toBeGreaterThan(0);
    expect(product.description.startsWith(description.replace(/…$/, "").replace(/&#39;/g, "'"))).toBe(true);
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(data).toMatchObject({
      "@type": "Product",
      name: product.title,
      offers: { priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });

    await page.goto("/");
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
  });
});

test("a second newsletter signup with the same address is thanked like the first", async ({ page }) => {
  await page.goto("/");
  const newsletter = page.getByRole("region", { name: "Never miss a deal" });
  const email = `phone.${Date.now().toString(36)}@example.com`;
  // A tap lands where the button is drawn at that moment. Until the catalog has synced, the sections above the
  // form still change; and each takes its real height only once scrolled near (content-visibility). So: wait for
  // the catalog, bring the form into view, and tap once it has stayed put for a few frames.
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
  await newsletter.scrollIntoViewIfNeeded();
  const top = async () => (await newsletter.boundingBox())?.y;
  await expect
    .poll(async () => {
      const before = await top();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      return before !== undefined && before === (await top());
    })
    .toBe(true);
  for (const round of ["first", "second"]) {
    await newsletter.getByRole("textbox", { name: "Email address" }).fill(email);
    const [answer] = await Promise.all([
      page.waitForResponse("**/api/newsletter"),
      newsletter.getByRole("button", { name: "Subscribe" }).tap(),
    ]);
    expect(answer.status(), round).toBe(201);
    // The status line empties while sending, so what it says now is this round's outcome.
    await expect(newsletter.getByRole("status"), round).toHaveText(
      "Thanks for subscribing! Watch your inbox for deals.",
    );
  }
});
