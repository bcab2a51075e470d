/** The quantity limit (99 of one product per order) is said where the shopper types it, on a phone: the product
 * page's field and the cart line that reached it, in English and in Arabic. */
import { devices, expect, test, type Page } from "@playwright/test";
import { loadCatalog, productWithoutVariants } from "./catalog.ts";

const pixel7 = devices["Pixel 7"];
test.use({ viewport: pixel7.viewport, userAgent: pixel7.userAgent, isMobile: true, hasTouch: true });

const TEXTS = {
  en: { limit: "Maximum 99 per order", add: "Add to cart", added: "Added to cart" },
  ar: { limit: "الحد الأقصى 99 لكل طلب", add: "أضف إلى السلة", added: "تمت الإضافة إلى السلة" },
} as const;

async function useLanguage(page: Page, lang: "en" | "ar"): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
}

for (const lang of ["en", "ar"] as const) {
  test(`typing 999 keeps 99 and says the limit at the field and in the cart (${lang})`, async ({ page, request }) => {
    const texts = TEXTS[lang];
    const product = productWithoutVariants(await loadCatalog(request));
    await useLanguage(page, lang);
    await page.goto(`/product/${product.id}`);
    const field = page.locator(".buy-row input[type=number]");
    const limit = page.getByTestId("qty-limit");
    await expect(field).toHaveValue("1");
    await expect(limit).toBeEmpty();

    await field.fill("999");
    await expect(field).toHaveValue("99");
    await expect(limit).toHaveText(texts.limit);
    // The field names the message as its description, so a screen reader says it there.
    await expect(field).toHaveAccessibleDescription(texts.limit);

    // Back within the limit, the message goes.
    await field.fill("5");
    await expect(limit).toBeEmpty();
    await field.fill("999");
    await expect(field).toHaveValue("99");

    await page.getByRole("button", { name: texts.add, exact: true }).click();
    await expect(page.getByText(texts.added).first()).toBeVisible();
    // Adding more to a full line keeps it at the limit.
    await field.fill("3");
    await page.getByRole("button", { name: texts.add, exact: true }).click();

    await page.goto("/cart");
    const line = page.locator(`[data-line="${product.id}::"]`);
    await expect(line.getByTestId("line-qty")).toHaveText("99");
    await expect(line.getByTestId("line-qty-limit")).toHaveText(texts.limit);
    if (lang === "en") {
      const plus = line.getByRole("button", { name: `Increase quantity of ${product.title}` });
      await expect(plus).toBeDisabled();
      await expect(plus).toHaveAccessibleDescription(texts.limit);
      // One less, and the cart no longer says it.
      await line.getByRole("button", { name: `Decrease quantity of ${product.title}` }).click();
      await expect(line.getByTestId("line-qty")).toHaveText("98");
      await expect(line.getByTestId("line-qty-limit")).toHaveCount(0);
    } else {
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    }
  });
}
