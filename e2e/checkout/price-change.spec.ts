/** A phone shopper whose product's price rises while they fill the form: the store refuses the old price (409), and
 * the page brings the notice to them with the changed line as old → new; the second tap orders at the new price. */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { ApiSession } from "../admin/console-helpers.ts";
import { createProduct, tag, usd } from "../admin/catalog-fixtures.ts";
import { addFromProductPage, checkoutForm, uniqueEmail } from "./checkout-helpers.ts";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

async function fillDetails(page: Page, labels: { name: string; email: string; whatsapp: string }): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel(labels.name).fill("Amira Ben Salah");
  await form.getByLabel(labels.email, { exact: true }).fill(uniqueEmail("price-change"));
  await form.getByLabel(labels.whatsapp).fill("+216 20 123 456");
}

async function raisePrice(api: ApiSession, id: string, cents: number): Promise<void> {
  await api.send("PUT", `/api/admin/products/${id}`, { price: usd(cents) });
}

test("a 50% rise is announced where the shopper is, line by line, before the second tap", async ({ page, api }) => {
  const product = await createProduct(api, { title: `Price rise ${tag()}`, price: usd(1000) });
  await addFromProductPage(page, product.id);
  await page.goto("/cart");
  await fillDetails(page, { name: "Full name", email: "Email", whatsapp: "WhatsApp number" });
  await raisePrice(api, product.id, 1500);

  const submit = checkoutForm(page).getByRole("button", { name: "Place order" });
  // Before the tap, the shopper reads what follows it (this store takes payment by hand).
  await expect(submit).toHaveAccessibleDescription(
    "Nothing is charged now: after you place the order, the next page says how to pay.",
  );
  await submit.scrollIntoViewIfNeeded();
  await submit.tap();
  const notice = page.getByRole("alert").filter({ hasText: "Prices have changed. Please review your cart." });
  await expect(notice).toBeInViewport();
  await expect(notice).toBeFocused();
  const line = page.locator(".checkout-line").filter({ hasText: product.title });
  await expect(line.getByTestId("line-price-change")).toHaveText("Price changed: $10.00 → $15.00");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$15.00");

  await submit.tap();
  await expect(page).toHaveURL(/\/order-success\?code=PNR-/);
});

test("in Arabic the notice and the changed line read right to left", async ({ page, api }) => {
  const product = await createProduct(api, { title: `Price rise ar ${tag()}`, price: usd(2000) });
  await addFromProductPage(page, product.id);
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.goto("/cart");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await fillDetails(page, { name: "الاسم الكامل", email: "البريد الإلكتروني", whatsapp: "رقم واتساب" });
  await raisePrice(api, product.id, 3000);
  await checkoutForm(page).locator("button[type=submit]").tap();
  const notice = page.getByRole("alert").filter({ hasText: "تغيّرت الأسعار" });
  await expect(notice).toBeInViewport();
  const line = page.locator(".checkout-line").filter({ hasText: product.title });
  await expect(line.getByTestId("line-price-change")).toContainText("تغيّر السعر");
});
