/** The private order page speaks the language the order was placed in, as its mails do, when it opens in a browser
 * where the shopper never chose one (the mail's link opened on another device or in a mail app's browser); a
 * language the shopper chose on this device wins. On a phone, an order placed in Arabic. */
import { devices, expect, test, type APIRequestContext } from "@playwright/test";
import { loadCatalog, productWithoutVariants } from "../storefront/catalog.ts";
import { findMail, uniqueEmail } from "../checkout/checkout-helpers.ts";

test.use({ ...devices["Pixel 7"], serviceWorkers: "block" });

async function placeInArabic(request: APIRequestContext, email: string): Promise<{ orderUrl: string; code: string }> {
  const product = productWithoutVariants(await loadCatalog(request));
  const res = await request.post("/api/checkout", {
    data: {
      name: "Amira Ben Salah",
      email,
      whatsapp: "+216 20 555 123",
      currency: "TND",
      items: [{ id: product.id, qty: 1 }],
      locale: "ar",
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { orderUrl, panierCode } = (await res.json()) as { orderUrl: string; panierCode: string };
  return { orderUrl, code: panierCode };
}

test("the link in an Arabic order's mail opens the page in Arabic from its first render, even on a slow line", async ({
  page,
  request,
}) => {
  const { orderUrl, code } = await placeInArabic(request, uniqueEmail("order-link-language"));
  const mail = await findMail(code, { subject: "في انتظار الدفع" });
  const link = new URL(/https?:\/\/\S+\/orders\/[\w-]+\?lang=\w+/.exec(mail.text ?? "")?.[0] ?? "");
  expect(link.pathname).toBe(new URL(orderUrl).pathname);
  expect(link.searchParams.get("lang")).toBe("ar");

  // The order's answer held back, as on a slow line: the page waiting for it already speaks Arabic.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/orders/private/*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("status").filter({ hasText: "جارٍ تحميل طلبك…" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  release();
  await expect(page.getByTestId("order-status")).toHaveText("بانتظار الدفع");
  // Spoken for this visit, not stored as the shopper's choice; a choice made on this device wins over the link's.
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBeNull();
  await page.evaluate(() => localStorage.setItem("lang", "fr"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("an order placed in Arabic opens in Arabic where no language was chosen, and in the one chosen otherwise", async ({
  page,
  request,
}) => {
  const { orderUrl } = await placeInArabic(request, uniqueEmail("order-language"));
  // The address without the mail's language: a device that has the page open from the order's answer alone.
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
