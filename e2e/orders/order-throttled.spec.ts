/** The shopper's order pages when the store answers that the lookups come too often (a 429, code
 * rate_limited, with retryAfter and Retry-After): the private order page and the thank-you page's lookup say how
 * long to wait in the shopper's language, and the order shows once the wait is over. The 429 is answered through
 * page.route in the server's exact shape: using up the real per-address budget would throttle the other specs'
 * shoppers, who share this machine's address. */
import { expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { throttle } from "../throttle.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { uniqueEmail } from "../checkout/checkout-helpers.ts";
import { createStockProduct, placeOrder, privateOrderLink, tag } from "../stock/stock-helpers.ts";

test.describe.configure({ timeout: 120_000 });

test("the private order page says how long to wait after a 429, in English and Arabic, then shows the order", async ({
  page,
  request,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Throttled ${t}`, manual: true });
  const code = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("throttled"));
  const link = await privateOrderLink(api, code);

  await throttle(page, "**/api/orders/private/*", 42);
  await page.goto(link);
  const message = page.getByTestId("order-throttled");
  await expect(message).toHaveText("Too many attempts. Please try again in 42 s.");
  await expect(message).toHaveAttribute("role", "alert");
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A longer wait is said in minutes; in Arabic, right to left.
  await page.unrouteAll();
  await throttle(page, "**/api/orders/private/*", 150);
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(message).toHaveText("محاولات كثيرة جدًا. يرجى المحاولة مجددًا بعد 3 د.");
  await expect(page.getByRole("heading", { level: 1, name: "طلبك" })).toBeVisible();

  // Once the store answers again, Retry shows the order.
  await page.unrouteAll();
  await page.getByRole("button", { name: "إعادة المحاولة" }).click();
  await expect(page.getByTestId("order-status")).toBeVisible();
  await expect(message).toHaveCount(0);
});

test("the thank-you page's lookup says how long to wait after a 429, then asks again by itself", async ({
  page,
  request,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Throttled lookup ${t}`, manual: true });
  const code = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("throttled.lookup"));

  const answered = await throttle(page, `**/api/orders/${code}`, 6, { times: 1 });
  await page.goto(`/order-success?code=${code}`);
  const message = page.getByTestId("lookup-throttled");
  await expect(message).toHaveText("Too many attempts. Please try again in 6 s. This page asks again by itself.");
  await expect(page.getByTestId("order-success-message")).toHaveText(`Order ${code} created.`);
  // After the wait, the lookup goes through: the shopper is greeted by name and the message is gone.
  await expect(page.getByTestId("order-success-message")).toHaveText(`Order ${code} for Stock created.`, {
    timeout: 15_000,
  });
  await expect(message).toHaveCount(0);
  expect(answered()).toBe(1);

  // In Arabic.
  await page.unrouteAll();
  await throttle(page, `**/api/orders/${code}`, 6, { times: 1 });
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(message).toContainText("محاولات كثيرة جدًا. يرجى المحاولة مجددًا بعد 6 ث.");
  await expect(message).toContainText("تعيد هذه الصفحة المحاولة من تلقاء نفسها.");
});
