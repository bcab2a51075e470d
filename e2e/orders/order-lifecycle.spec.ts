/** An order's life with code stock, in manual payment mode: the shopper buys on a 412x915 phone, the operator
 * marks the order paid on a 1024x768 tablet, and the shopper's private order page (its link from the dev mailbox)
 * follows by itself and reveals the code; cancelling frees the reserved code; the order view's other actions;
 * checkout's "not enough stock" refusal; in English and Arabic, with axe. */
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { TABLET, signIn } from "../admin/console-helpers.ts";
import { addFromProductPage, checkoutForm, uniqueEmail } from "../checkout/checkout-helpers.ts";
import {
  buyOne,
  createStockProduct,
  openOrder,
  orderOf,
  placeOrder,
  privateOrderLink,
  stockOf,
  tag,
  toast,
} from "../stock/stock-helpers.ts";

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 180_000 });

/** The operator's console in its own tablet-sized window, signed in. */
async function operator(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET, serviceWorkers: "block" });
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

test("manual mode: the operator marks the order paid and the shopper's page reveals the code by itself", async ({
  page,
  browser,
  context,
  api,
}) => {
  const t = tag();
  const secret = `MAN-${t}-7Q2M`;
  const product = await createStockProduct(api, { title: `PSN card ${t}`, codes: [secret], platform: "PS" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  const code = await buyOne(page, product.id, uniqueEmail("lifecycle"));
  // The order reserved the code.
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 0, reserved: 1 });

  // The shopper opens the link from the confirmation email: awaiting payment, and what happens next.
  const link = await privateOrderLink(api, code);
  await page.goto(link);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  const next = page.getByTestId("order-next-step");
  await expect(next).toContainText("We will contact you by email or WhatsApp to arrange the payment.");
  await expect(next).toContainText("This page updates by itself.");
  await expect(page.getByRole("button", { name: "Reveal codes" })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The operator marks it paid on the tablet.
  const admin = await operator(browser);
  try {
    await openOrder(admin.page, code);
    const dialog = admin.page.getByRole("dialog", { name: `Order #${code}` });
    await expect(dialog.getByTestId("order-status")).toHaveText("Awaiting payment");
    await expect(dialog.getByTestId("order-history")).toContainText("Order placed");
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    const confirm = admin.page.getByRole("dialog", { name: "Mark as paid?" });
    await confirm.getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(admin.page, "Order marked as paid")).toBeVisible();
    await expect(dialog.getByTestId("order-status")).toHaveText("Delivered");
    const history = dialog.getByTestId("order-history");
    await expect(history.getByTestId("order-event").filter({ hasText: "Payment confirmed" })).toContainText("admin");
    await expect(history.getByTestId("order-event").filter({ hasText: "Order placed" })).toContainText("The customer");
    const assigned = history.getByTestId("order-event").filter({ hasText: "Codes assigned" });
    await expect(assigned).toContainText("The store");
    await expect(assigned).toContainText("1 code");
    await expect(dialog.getByTestId("order-code")).toContainText("Sold");
    await expect(dialog).not.toContainText(secret);
    await expectNoSeriousAxeViolations(admin.page);
  } finally {
    await admin.context.close();
  }

  // The shopper's page follows without a reload, and shows the code behind the reveal button.
  await expect(page.getByTestId("order-status")).toHaveText("Delivered", { timeout: 20_000 });
  await expect(page.getByTestId("order-next-step")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal codes" }).click();
  const delivered = page.getByTestId("delivered-code");
  await expect(delivered).toHaveCount(1);
  await expect(delivered.locator("code")).toHaveText(secret);
  await expect(delivered).toContainText("store.playstation.com/redeem");
  await delivered.getByRole("button", { name: `Copy the code for ${product.title}` }).click();
  await expect(toast(page, "Code copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoSeriousAxeViolations(page);
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 0, reserved: 0, sold: 1 });

  // In Arabic and the dark theme: right to left, the status and the reveal button in Arabic, the code as it is.
  await page.evaluate(() => {
    localStorage.setItem("lang", "ar");
    localStorage.setItem("theme", "dark");
  });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("order-status")).toHaveText("تم التسليم");
  await page.getByRole("button", { name: "إظهار الرموز" }).click();
  await expect(page.getByTestId("delivered-code").locator("code")).toHaveText(secret);
  // The line's price and quantity on a line of their own, under the Latin title, never carried into its run.
  const price = page.getByTestId("order-line-unit-qty");
  await expect(price).toHaveText(/ × 1$/);
  const title = await price.locator("xpath=preceding-sibling::bdi").boundingBox();
  const priceBox = await price.boundingBox();
  expect(priceBox?.y ?? 0).toBeGreaterThanOrEqual((title?.y ?? 0) + (title?.height ?? 0) - 1);
  await expectNoSeriousAxeViolations(page);
});

test("an order paid while its product has no code waits for stock, and importing codes completes it", async ({
  page,
  browser,
  request,
  api,
}) => {
  const t = tag();
  // Ordered while sold by hand; then the operator switches the product to codes from stock, which has none yet.
  const product = await createStockProduct(api, { title: `Late stock ${t}`, manual: true, platform: "Xbox" });
  const code = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("awaiting"));
  await api.send("PUT", `/api/admin/products/${product.id}`, { deliveryMode: "automatic", version: product.version });

  const admin = await operator(browser);
  try {
    await openOrder(admin.page, code);
    const dialog = admin.page.getByRole("dialog", { name: `Order #${code}` });
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await admin.page
      .getByRole("dialog", { name: "Mark as paid?" })
      .getByRole("button", { name: "Mark as paid" })
      .click();
    await expect(dialog.getByTestId("order-status")).toHaveText("Awaiting stock");
    await expect(dialog.getByTestId("order-codes")).toContainText(
      "1 code is still missing: it is delivered as soon as codes are imported.",
    );
    await expect(dialog.getByTestId("order-history")).toContainText("Waiting for stock");
    await dialog.getByRole("button", { name: "Close" }).click();

    // The dashboard lists the order (it opens the order view) and the product without codes (it opens its editor).
    const alerts = admin.page.getByTestId("stock-alerts");
    const waiting = alerts.getByTestId("stock-awaiting");
    await expect(waiting).toContainText(code);
    await expect(waiting).toContainText("1 code missing");
    await waiting.getByRole("button", { name: `Open order ${code}` }).click();
    await expect(dialog.getByTestId("order-status")).toHaveText("Awaiting stock");
    await dialog.getByRole("button", { name: "Close" }).click();
    await alerts.getByTestId("stock-empty").getByRole("link", { name: product.title }).click();

    // Importing a code completes the order.
    const editor = admin.page.getByRole("dialog", { name: "Edit Product" });
    const panel = editor.getByTestId("stock-panel");
    await panel.getByLabel("Paste codes").fill(`LATE-${t}-9`);
    await panel.getByRole("button", { name: "Import codes" }).click();
    await expect(panel.getByTestId("import-summary")).toContainText(`Orders completed with these codes: ${code}`);
    await expect(panel.getByTestId("stock-sold")).toHaveText("1");
    await expect(panel.getByTestId("stock-available")).toHaveText("0");
  } finally {
    await admin.context.close();
  }
  expect((await orderOf(api, code)).status).toBe("delivered");

  // The shopper's page shows the code, with the Xbox hint.
  await page.goto(await privateOrderLink(api, code));
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  await page.getByRole("button", { name: "Reveal codes" }).click();
  await expect(page.getByTestId("delivered-code").locator("code")).toHaveText(`LATE-${t}-9`);
  await expect(page.getByTestId("delivered-code")).toContainText("redeem.microsoft.com");
});

test("cancelling an order awaiting payment puts its code back in stock", async ({ browser, request, api }) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Cancel test ${t}`, codes: [`CAN-${t}`] });
  const code = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("cancel"));
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 0, reserved: 1 });

  const admin = await operator(browser);
  try {
    await openOrder(admin.page, code);
    const dialog = admin.page.getByRole("dialog", { name: `Order #${code}` });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    const confirm = admin.page.getByRole("dialog", { name: "Cancel this order?" });
    await expect(confirm).toContainText(`Order ${code} will be cancelled and its reserved codes go back to stock.`);
    // Backing out changes nothing.
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(confirm).toBeHidden();
    expect((await orderOf(api, code)).status).toBe("pending_payment");

    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expectNoSeriousAxeViolations(admin.page);
    await confirm.getByRole("button", { name: "Cancel order" }).click();
    await expect(toast(admin.page, "Order cancelled")).toBeVisible();
    await expect(dialog.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(
      dialog.getByTestId("order-history").getByTestId("order-event").filter({ hasText: "Cancelled" }),
    ).toContainText("admin");
    await expect(dialog.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  } finally {
    await admin.context.close();
  }
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 1, reserved: 0 });
  // The freed code can be bought again.
  await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("cancel.again"));
});

test("a paid order: resend the delivery email, replace its code, then mark it refunded (in Arabic too)", async ({
  browser,
  request,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Actions ${t}`, codes: [`ACT-${t}-1`, `ACT-${t}-2`] });
  const code = await placeOrder(request, [{ id: product.id, qty: 1 }], uniqueEmail("actions"));
  await api.send("POST", `/api/admin/orders/${code}/mark-paid`, {});
  expect((await orderOf(api, code)).status).toBe("delivered");

  const admin = await operator(browser);
  try {
    await openOrder(admin.page, code);
    const dialog = admin.page.getByRole("dialog", { name: `Order #${code}` });
    await expect(dialog.getByTestId("order-status")).toHaveText("Delivered");

    await dialog.getByRole("button", { name: "Resend delivery email" }).click();
    await expect(toast(admin.page, "The delivery email will be sent again")).toBeVisible();
    await expect(dialog.getByTestId("order-history")).toContainText("Delivery email sent again");

    const before = (await dialog.getByTestId("order-code").locator("code").textContent()) ?? "";
    await dialog.getByRole("button", { name: `Replace code ${before}` }).click();
    const replace = admin.page.getByRole("dialog", { name: "Replace this code?" });
    await expect(replace).toContainText(before);
    await replace.getByRole("button", { name: "Replace code" }).click();
    await expect(toast(admin.page, "Code replaced; the new one is being mailed")).toBeVisible();
    await expect(dialog.getByTestId("order-history")).toContainText("Code replaced");
    await expect(dialog.getByTestId("order-code").filter({ hasText: "Revoked" })).toContainText(before);
    expect((await stockOf(api, product.id)).total).toMatchObject({ available: 0, sold: 1, revoked: 1 });

    // With no code left, a second replacement is refused with the server's reason, in the operator's words.
    const current = dialog.getByTestId("order-code").filter({ hasText: "Sold" });
    const now = (await current.locator("code").textContent()) ?? "";
    await current.getByRole("button", { name: `Replace code ${now}` }).click();
    await replace.getByRole("button", { name: "Replace code" }).click();
    await expect(toast(admin.page, "The code could not be replaced")).toBeVisible();
    await expect(admin.page.locator("[data-sonner-toast]").filter({ hasText: "could not be replaced" })).toContainText(
      `No code of "${product.title}" is available to replace it. Import codes first.`,
    );

    // In Arabic: the refund asks first, in Arabic.
    await admin.page.evaluate(() => localStorage.setItem("lang", "ar"));
    await admin.page.reload();
    await openOrder(admin.page, code, { lookup: "البحث عن سلة", search: "بحث" });
    const ar = admin.page.getByRole("dialog", { name: `الطلب #${code}` });
    await ar.getByRole("button", { name: "تعليم كمسترد" }).click();
    const refund = admin.page.getByRole("dialog", { name: "تعليم هذا الطلب كمسترد؟" });
    await expect(refund).toContainText("لا يمكن التراجع عن ذلك");
    await expectNoSeriousAxeViolations(admin.page);
    await refund.getByRole("button", { name: "تعليم كمسترد" }).click();
    await expect(ar.getByTestId("order-status")).toHaveText("مسترد");
  } finally {
    await admin.context.close();
  }
  expect((await orderOf(api, code)).status).toBe("refunded");
});

test("checkout says how many codes are left when the cart asks for more, in English and Arabic", async ({
  page,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Scarce ${t}`, codes: [`SC-${t}-1`] });
  await addFromProductPage(page, product.id);
  await page.goto("/cart");
  const line = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await line.getByRole("button", { name: `Increase quantity of ${product.title}` }).click();
  await expect(line.getByTestId("line-qty")).toHaveText("2");
  const form = checkoutForm(page);
  await form.getByLabel("Full name").fill("Karim Jaziri");
  await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("scarce"));
  await form.getByLabel("WhatsApp number").fill("+216 20 123 456");
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, `Only 1 left of "${product.title}". Please lower the quantity in your cart.`)).toBeVisible();
  await expect(page).toHaveURL(/\/(cart|checkout)$/);

  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await checkoutForm(page).getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(toast(page, `لم يتبق سوى 1 من «${product.title}». يرجى تقليل الكمية في سلتك.`)).toBeVisible();
});
