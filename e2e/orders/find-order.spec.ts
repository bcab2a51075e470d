/** Find my order on a phone (Pixel 7): a shopper who lost the confirmation email opens the screen from the footer,
 * gives the order code and the email used at checkout, and reads the same message whether or not they matched; the
 * dev mailbox gets the link only for a match, and the link opens the private order page. Field messages, offline
 * and a 429 (answered through page.route: the real per-address budget is shared with this machine's other specs),
 * and once in Arabic, right to left. Each real request uses the per-address budget (5 an hour): this file sends 3. */
import { devices, expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { throttle } from "../throttle.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import type { ApiSession } from "../admin/console-helpers.ts";
import { checkoutByApi, findMail, uniqueEmail } from "../checkout/checkout-helpers.ts";
import { createStockProduct, tag } from "../stock/stock-helpers.ts";

const { defaultBrowserType: _, ...PIXEL_7 } = devices["Pixel 7"];
test.use(PIXEL_7);
test.describe.configure({ timeout: 120_000 });

const SENT =
  "If an order with this code was placed with this email, we have sent its link to that address. Check your inbox and spam folder.";
const SENT_AR =
  "إذا كان هناك طلب بهذا الرمز تم تقديمه بهذا البريد الإلكتروني، فقد أرسلنا رابطه إلى هذا العنوان. تحقق من صندوق الوارد ومجلد الرسائل غير المرغوب فيها.";

/** Places an order awaiting a manual payment through the public checkout → its code. */
async function placeOrder(request: APIRequestContext, productId: string, email: string, locale: "en" | "ar") {
  return checkoutByApi(request, { name: "Rania Trabelsi", email, items: [{ id: productId, qty: 1 }], locale });
}

/** The dev mailbox's mails whose subject is exactly `subject` (read as the admin). */
async function mailsWithSubject(api: ApiSession, subject: string): Promise<number> {
  const list = (await api.get("/api/admin/mailbox?limit=200")) as { subject: string }[];
  return list.filter((m) => m.subject === subject).length;
}

/** Opens Find my order from the footer, as a shopper on the home page does. */
async function openFromFooter(page: Page, linkName: string): Promise<void> {
  await page.goto("/");
  const link = page.getByRole("contentinfo").getByRole("link", { name: linkName, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await expect(page).toHaveURL(/\/find-order$/);
}

test("a shopper gets the order link again from the footer; a wrong email reads the same and gets nothing", async ({
  page,
  context,
  request,
  api,
}) => {
  const product = await createStockProduct(api, { title: `Find my order ${tag()}`, manual: true });
  const email = uniqueEmail("find.order");
  const code = await placeOrder(request, product.id, email, "en");

  await openFromFooter(page, "Find my order");
  await expect(page.getByRole("heading", { level: 1, name: "Find my order" })).toBeVisible();
  const codeField = page.getByRole("main").getByLabel("Order code", { exact: true });
  const emailField = page.getByRole("main").getByLabel("Email", { exact: true });
  const send = page.getByRole("button", { name: "Send me the link" });

  // Field messages on submit (the first wrong field gets the focus) and on leaving a field.
  await send.tap();
  await expect(page.getByText("Please enter your order code, like PNR-7Q2M9XKD.")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await codeField.fill("12345");
  await emailField.fill("not-an-email");
  await emailField.blur();
  await expect(page.getByText("Please enter your order code, like PNR-7Q2M9XKD.")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

  // Offline: a connection is needed, and nothing is sent.
  await context.setOffline(true);
  await expect(page.getByText("You are offline. Sending the link needs a connection.")).toBeVisible();
  await expect(send).toBeDisabled();
  await context.setOffline(false);
  await expect(send).toBeEnabled();

  // Too many attempts (the store's 429, answered here): how long to wait.
  await throttle(page, "**/api/orders/find", 42, { error: "Too many attempts. Please try again later." });
  // The code as a person may type it: lower case, without the hyphen.
  await codeField.fill(code.toLowerCase().replace("-", ""));
  await emailField.fill(email.toUpperCase());
  await send.tap();
  await expect(page.getByTestId("find-order-failed")).toHaveText("Too many attempts. Please try again in 42 s.");
  await page.unrouteAll();

  // The store answers: the same message, and the link mail arrives at the order's address.
  await send.tap();
  await expect(page.getByTestId("find-order-sent")).toHaveText(SENT);
  await expect(page.getByTestId("find-order-failed")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  const mail = await findMail(code, { subject: `Your order ${code}` });
  const link = /https?:\/\/[^\s/]+(\/orders\/[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
  expect(link).toBeTruthy();
  await page.goto(link ?? "");
  await expect(page.getByTestId("order-status")).toBeVisible();
  await expect(page.getByText(code).first()).toBeVisible();
  expect(await mailsWithSubject(api, `Your order ${code}`)).toBe(1);

  // A wrong email: the very same message, and no mail.
  await page.goto("/find-order");
  await page.getByRole("main").getByLabel("Order code", { exact: true }).fill(code);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(uniqueEmail("someone.else"));
  await page.getByRole("button", { name: "Send me the link" }).tap();
  await expect(page.getByTestId("find-order-sent")).toHaveText(SENT);
  // The lookup runs after the answer and the mail worker sends within a second: give them time, then count.
  await page.waitForTimeout(3000);
  expect(await mailsWithSubject(api, `Your order ${code}`)).toBe(1);
  const order = (await api.get(`/api/admin/orders/${code}`)) as { events: { action: string; actor: string }[] };
  expect(order.events.filter((e) => e.action === "link_resent")).toEqual([
    expect.objectContaining({ action: "link_resent", actor: "shopper" }),
  ]);
});

test("in Arabic the screen reads right to left and the link mail comes in Arabic", async ({ page, request, api }) => {
  await page.addInitScript(() => localStorage.setItem("lang", "ar"));
  const product = await createStockProduct(api, { title: `Find my order ar ${tag()}`, manual: true });
  const email = uniqueEmail("find.order.ar");
  const code = await placeOrder(request, product.id, email, "ar");

  await openFromFooter(page, "العثور على طلبي");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "العثور على طلبي" })).toBeVisible();
  const codeField = page.getByRole("main").getByLabel("رمز الطلب", { exact: true });
  const emailField = page.getByRole("main").getByLabel("البريد الإلكتروني", { exact: true });
  await emailField.fill("x");
  await emailField.blur();
  await expect(page.getByText("يرجى إدخال بريد إلكتروني صالح.")).toBeVisible();

  // A label's words start at the right edge of its field, and end well before its left edge.
  const edges = await page.evaluate(() => {
    const label = document.querySelector("label[for='find-order-code']");
    const input = document.getElementById("find-order-code")?.getBoundingClientRect();
    const range = document.createRange();
    if (label) range.selectNodeContents(label);
    const words = range.getBoundingClientRect();
    return {
      wordsLeft: words.left,
      wordsRight: words.right,
      inputLeft: input?.left ?? 0,
      inputRight: input?.right ?? 0,
    };
  });
  expect(Math.abs(edges.wordsRight - edges.inputRight)).toBeLessThan(2);
  expect(edges.wordsLeft).toBeGreaterThan(edges.inputLeft + 100);

  await codeField.fill(code);
  await emailField.fill(email);
  await page.getByRole("button", { name: "أرسل لي الرابط" }).tap();
  await expect(page.getByTestId("find-order-sent")).toHaveText(SENT_AR);
  await expectNoSeriousAxeViolations(page);
  const mail = await findMail(code, { subject: `طلبك ${code}` });
  expect(mail.text).toContain("/orders/");
});
