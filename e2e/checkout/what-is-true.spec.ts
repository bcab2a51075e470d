/** What the shopper reads is what is true, on a phone (Pixel 7): an order placed in the demo store awaits its manual
 * payment, so the order-success page shows no done mark and says the payment is awaited, as do the toast and the
 * confirmation email's subject; a product delivered by hand promises the operator's delivery time (Admin > Settings
 * > Delivery) on its page, its cart line and in the email, and follows a change of the setting. Once in Arabic. The
 * products are made through the admin API, whatever the demo seed sells. */
import { devices, expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { createProduct, tag } from "../admin/catalog-fixtures.ts";
import { apiSession } from "../admin/console-helpers.ts";
import { addFromProductPage, findMail, placeOrderByForm, uniqueEmail } from "./checkout-helpers.ts";

const { defaultBrowserType: _, ...PIXEL_7 } = devices["Pixel 7"];
test.use(PIXEL_7);
test.describe.configure({ mode: "serial", timeout: 120_000 });

const INSTANT = "Your code is delivered instantly by email once payment is confirmed.";
const byHand = (hours: number) => `Sent by hand within ${hours} hours of payment, by email.`;

/** The product page, reloaded until the synced setting shows `text` (the storefront syncs on load). */
async function expectNote(page: Page, productId: string, text: string): Promise<void> {
  await expect(async () => {
    await page.goto(`/product/${productId}`);
    await expect(page.getByTestId("manual-delivery-note")).toHaveText(text, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

test.afterAll(async ({ request }) => {
  // Back to the default for the other specs.
  await (await apiSession(request)).put("/api/admin/manual-delivery", { hours: 24 });
});

test("an order awaiting a manual payment shows no done mark and says the payment is awaited; a manual product promises the operator's hours", async ({
  page,
  api,
}) => {
  await api.put("/api/admin/manual-delivery", { hours: 24 });
  const product = await createProduct(api, { title: `Hand delivered ${tag()}` });

  await expectNote(page, product.id, byHand(24));
  await expect(page.getByText(INSTANT)).toHaveCount(0);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();

  await page.goto("/cart");
  const line = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem").filter({
    hasText: product.title,
  });
  await expect(line.getByTestId("manual-delivery-note")).toHaveText(byHand(24));

  const code = await placeOrderByForm(page, { lang: "en", name: "Amira Ben Salah", email: uniqueEmail("awaited") });

  // The contract texts stay, with the state as it is beside them: not done, payment awaited.
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("Order placed! Check your email for confirmation.")).toBeVisible();
  await expect(page.getByText(/^Order received: payment is awaited\. Email (sent|could not be sent)\.$/)).toBeVisible();
  await expect(page.getByText("Order confirmed!", { exact: false })).toHaveCount(0);
  await expect(page.getByTestId("order-awaiting-payment")).toHaveText("Order received: payment is awaited.");
  const mark = page.getByTestId("order-success-mark");
  await expect(mark).toHaveAttribute("data-state", "pending");
  await expect(mark).not.toHaveText("✓");

  const mail = await findMail(code);
  expect(mail.subject).toBe(`Order ${code} received: awaiting payment`);
  expect(mail.text).toContain("We will contact you by email or WhatsApp to arrange the payment.");
  expect(mail.text).toContain(byHand(24));

  // The operator shortens the promise: the page follows once synced.
  await api.put("/api/admin/manual-delivery", { hours: 6 });
  await expectNote(page, product.id, byHand(6));
  // The order emptied the cart: the product goes in again (kept on the device before the page is left).
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("manual-delivery-note")).toHaveText(byHand(6));
});

test("in Arabic, right to left: the promise on the product page and the cart line, and no done mark after ordering", async ({
  page,
  api,
}) => {
  await api.put("/api/admin/manual-delivery", { hours: 6 });
  const product = await createProduct(api, { title: `Hand delivered AR ${tag()}` });
  await addFromProductPage(page, product.id);
  await page.evaluate(() => localStorage.setItem("lang", "ar"));

  await expectNote(page, product.id, "يُرسل يدويًا خلال 6 ساعة من الدفع، عبر البريد الإلكتروني.");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await page.goto("/cart");
  const line = page.getByRole("list", { name: "المنتجات في سلتك" }).getByRole("listitem").filter({
    hasText: product.title,
  });
  await expect(line.getByTestId("manual-delivery-note")).toHaveText(
    "يُرسل يدويًا خلال 6 ساعة من الدفع، عبر البريد الإلكتروني.",
  );

  const code = await placeOrderByForm(page, { lang: "ar", name: "أميرة بن صالح", email: uniqueEmail("awaited.ar") });
  await expect(page.getByTestId("order-awaiting-payment")).toHaveText("تم استلام الطلب: في انتظار الدفع.");
  await expect(page.getByTestId("order-success-mark")).toHaveAttribute("data-state", "pending");

  const mail = await findMail(code);
  expect(mail.subject).toBe(`تم استلام الطلب ${code}: في انتظار الدفع`);
});
