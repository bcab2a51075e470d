/** Fulfilling a paid order of a manual product on an 834x1194 tablet (iPad Pro 11): a shopper orders through the
 * public checkout, the payment is confirmed, the operator finds the order on the dashboard as work to do, types its
 * codes in the order view and sends them; the order reads Delivered, the delivery email carries each code once and
 * the private order page shows them. Then the form in Arabic (right to left), with the server's refusal of a code
 * already in stock. */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { findMail, uniqueEmail } from "../checkout/checkout-helpers.ts";
import {
  createStockProduct,
  importCodes,
  orderOf,
  placeOrder,
  privateOrderLink,
  tag,
  toast,
} from "../stock/stock-helpers.ts";
import { signIn, type ApiSession } from "./console-helpers.ts";

const IPAD_PRO_11 = { width: 834, height: 1194 };

test.use({ viewport: IPAD_PRO_11, serviceWorkers: "block" });
test.describe.configure({ timeout: 120_000 });

/** A manual product of the test's own, ordered (quantity `qty`) through the public checkout and marked paid. */
async function paidManualOrder(
  api: ApiSession,
  request: Parameters<typeof placeOrder>[0],
  t: string,
  qty: number,
): Promise<{ code: string; title: string; productId: string }> {
  const product = await createStockProduct(api, { title: `Hand delivered ${t}`, manual: true });
  const code = await placeOrder(request, [{ id: product.id, qty }], uniqueEmail(`fulfil-${t.toLowerCase()}`));
  await api.send("POST", `/api/admin/orders/${code}/mark-paid`, {});
  expect((await orderOf(api, code)).status).toBe("paid");
  return { code, title: product.title, productId: product.id };
}

function orderDialog(page: Page, code: string) {
  return page.getByRole("dialog", { name: `Order #${code}` });
}

test("the operator fulfils a paid manual order from the dashboard's work to do; the shopper gets the codes once", async ({
  page,
  request,
  api,
}) => {
  const t = tag();
  const order = await paidManualOrder(api, request, t, 2);
  const codes = [`HAND-${t}-ONE`, `HAND-${t}-TWO`];

  await signIn(page);
  const work = page.getByRole("region", { name: /Orders to fulfil/ });
  await expect(work).toBeVisible();
  const row = work.getByTestId("order-to-fulfil").filter({ hasText: order.code });
  await expect(row).toContainText(/Paid (this minute|\d+ min\. ago|now)/);
  await expect(row).toContainText("2 codes to send");
  await row.getByRole("button", { name: `Fulfil order ${order.code}` }).click();

  const dialog = orderDialog(page, order.code);
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole("region", { name: "Fulfil order" });
  const line = form.getByTestId("fulfil-line");
  await expect(line).toContainText(order.title);
  await expect(line).toContainText("Quantity: 2");
  // No code of this product in stock: only typing.
  await expect(line.getByRole("radio")).toHaveCount(0);
  const box = form.getByLabel("Codes, one per line");
  await box.fill(`  ${codes[0]}\n`);
  await expect(form.getByTestId("fulfil-count")).toHaveText("1 of 2 codes");
  await box.fill(`  ${codes[0]}\n\n${codes[1]}  \n`);
  await expect(form.getByTestId("fulfil-count")).toHaveText("2 of 2 codes");
  await form.getByRole("button", { name: "Send codes" }).click();

  await expect(toast(page, "Codes sent; the order is delivered")).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Fulfil order" })).toHaveCount(0);
  await expect(dialog.locator(".admin-facts")).toContainText("Delivered");
  const history = dialog.getByRole("region", { name: "History" });
  await expect(history).toContainText("Fulfilled by hand");
  await expect(history).toContainText("2 codes sent (2 typed, 0 from stock)");
  // The console only ever shows the codes masked.
  await expect(dialog).not.toContainText(codes[0] ?? "");
  await expect(dialog.getByTestId("order-codes")).toContainText("••••-ONE");

  const detail = await orderOf(api, order.code);
  expect(detail.status).toBe("delivered");
  expect(detail.events.filter((e) => e.action === "fulfilled")).toHaveLength(1);

  // One delivery email, each code in it once.
  const mail = await findMail(codes[0] ?? "");
  expect(mail.subject).toContain(order.code);
  for (const code of codes) expect((mail.text ?? "").split(code)).toHaveLength(2);

  // The private order page shows the codes.
  const link = await privateOrderLink(api, order.code);
  await page.goto(link);
  const yours = page.getByRole("region", { name: "Your codes" });
  await yours.getByRole("button", { name: "Reveal codes" }).click();
  for (const code of codes) await expect(yours.getByText(code, { exact: true })).toBeVisible();

  // Back on the dashboard, the order is no longer work to do.
  await page.goto("/admin");
  await expect(page.getByTestId("admin-console")).toBeVisible();
  await expect(page.getByRole("button", { name: `Fulfil order ${order.code}` })).toHaveCount(0);
});

test("the fulfil form in Arabic, right to left, says the server's refusal of a code already in stock", async ({
  page,
  request,
  api,
}) => {
  const t = tag();
  const order = await paidManualOrder(api, request, t, 1);
  const inStock = `STOCK-${t}-1`;
  await importCodes(api, order.productId, [inStock]);

  await signIn(page);
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  const work = page.getByRole("region", { name: /طلبات بانتظار التسليم/ });
  await expect(work.getByTestId("order-to-fulfil").filter({ hasText: order.code })).toContainText("دُفع");
  await work.getByRole("button", { name: `تسليم الطلب ${order.code}` }).click();

  const dialog = page.getByRole("dialog").filter({ hasText: order.code });
  const form = dialog.getByRole("region", { name: "تسليم الطلب" });
  await expect(form).toBeVisible();
  await expect(form.getByText("الكمية: 1")).toBeVisible();
  await expect(form.getByRole("radio", { name: "أخذ من المخزون (1 متاح)" })).toBeVisible();
  await expect(form.getByRole("radio", { name: "كتابة الرموز" })).toBeChecked();
  const box = form.getByLabel("الرموز، رمز في كل سطر");
  await expect(box).toHaveAttribute("dir", "ltr");
  await box.fill(inStock);
  await expect(form.getByTestId("fulfil-count")).toHaveText("1 من 1 رموز");
  await form.getByRole("button", { name: "إرسال الرموز" }).click();
  await expect(form.getByRole("alert")).toContainText(`رُفض رمز لـ«${order.title}»`);
  expect((await orderOf(api, order.code)).status).toBe("paid");

  // Taken from stock instead.
  await form.getByRole("radio", { name: "أخذ من المخزون (1 متاح)" }).check();
  await expect(box).toHaveCount(0);
  await form.getByRole("button", { name: "إرسال الرموز" }).click();
  await expect(dialog.getByRole("region", { name: "تسليم الطلب" })).toHaveCount(0);
  await expect(dialog).toContainText("سُلّم يدويًا");
  expect((await orderOf(api, order.code)).status).toBe("delivered");
});
