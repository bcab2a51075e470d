/** axe finds no serious or critical problem on the pages every shopper meets, in English and in Arabic. */
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { loadCatalog, productWithoutVariants } from "./catalog.ts";

for (const lang of ["en", "ar"] as const) {
  test.describe(`in ${lang === "en" ? "English" : "Arabic"}`, () => {
    test.beforeEach(async ({ page }, testInfo) => {
      await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
      // axe reads every element's styles: on a 2-core machine running the other worker's browser beside it, the
      // full catalog's page (every product the other specs added included) has taken longer than the default.
      testInfo.setTimeout(testInfo.timeout * 2);
    });

    for (const path of ["/", "/products", "/cart", "/admin/login", "/no-such-page"]) {
      test(`${path} has no serious axe violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expectNoSeriousAxeViolations(page);
      });
    }

    test("a product page and the checkout with a filled cart have no serious axe violation", async ({
      page,
      request,
    }) => {
      const product = productWithoutVariants(await loadCatalog(request));
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.locator(".product-detail__info .btn--primary.btn--lg").click();
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await page.goto("/checkout");
      await expect(page.locator("form.checkout-form")).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}
