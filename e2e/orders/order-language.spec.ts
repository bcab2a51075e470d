/** The private order page speaks the language the order was placed in, as its mails do, when it opens in a browser
 * where the shopper never chose one (the mail's link opened on another device or in a mail app's browser); a
 * language the shopper chose on this device wins. On a phone, an order placed in Arabic. */
import { devices, expect, test } from "@playwright/test";
import { loadCatalog, productWithoutVariants } from "../storefront/catalog.ts";
import { uniqueEmail } from "../checkout/checkout-helpers.ts";

test.use({ ...devices["Pixel 7"], serviceWorkers: "block" });

test("an order placed in Arabic opens in Arabic where no language was chosen, and in the one chosen otherwise", async ({
  page,
  request,
}) => {
  const product = productWithoutVariants(await loadCatalog(request));
  const res = await request.post("/api/checkout", {
    data: {
      name: "Amira Ben Salah",
      email: uniqueEmail("order-language"),
      whatsapp: "+216 20 555 123",
      currency: "TND",
      items: [{ id: product.id, qty: 1 }],
      locale: "ar",
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { orderUrl } = (await res.json()) as { orderUrl: string };
  const path = new URL(orderUrl).pathname;

  await page.goto(path);
  await expect(page.getByTestId("order-status")).toHaveText("بانتظار الدفع");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // Spoken for this page, not stored as the shopper's choice.
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBeNull();

  await page.evaluate(() => localStorage.setItem("lang", "en"));
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});
