/** Money without an order (docs/operations.md "Unmatched payments"): on a store paid through the fake Stripe, an
 * order is cancelled and then paid on Stripe's page; the operator finds the payment, with its amount, under
 * Orders > Unmatched payments, in English and in Arabic (right to left), delivers one such order anyway and refunds
 * another's money at Stripe, each after a confirmation (docs/decisions.md D47). */
import { expect, test } from "@playwright/test";
import type { FakeStripe } from "../../server/src/test/fake-stripe.ts";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { fakeStripe, storeApi, usePaymentStore, type PaymentStore } from "../checkout/payment-store.ts";
import { uniqueEmail } from "../checkout/checkout-helpers.ts";
import { loadCatalog } from "../storefront/catalog.ts";
import { signIn } from "./console-helpers.ts";

test.slow();

// This spec's own store (and its fake Stripe on the next port); E2E_UNMATCHED_PORT moves them where a shared machine
// leaves room.
const PORT = Number(process.env.E2E_UNMATCHED_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 25_000);

/** An order placed through the public checkout, cancelled by the operator, then paid on Stripe's page. */
async function paidAfterCancel(
  store: PaymentStore,
  stripe: FakeStripe,
  productId = "psn-10-us",
): Promise<{ code: string; amount: number }> {
  const placed = await fetch(`${store.url}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Late Payer",
      email: uniqueEmail("unmatched"),
      whatsapp: "+216 20 555 777",
      currency: "USD",
      items: [{ id: productId, qty: 1 }],
    }),
  });
  expect(placed.ok, await placed.clone().text()).toBe(true);
  const { panierCode, paymentLink } = (await placed.json()) as { panierCode: string; paymentLink: string };
  await (await storeApi(store)).send("POST", `/api/admin/orders/${panierCode}/cancel`, {});
  const sessionId = paymentLink.split("/").at(-1) ?? "";
  const pay = await fetch(`${stripe.url}/c/pay/${sessionId}/pay`, { method: "POST", redirect: "manual" });
  expect(pay.status).toBe(303);
  return { code: panierCode, amount: stripe.sessions.get(sessionId)?.amount_total ?? 0 };
}

test.describe("Orders > Unmatched payments", () => {
  const run = usePaymentStore(PORT, fakeStripe(PORT, process.env.E2E_UNMATCHED_PORT ? PORT + 1 : undefined));

  test("lists a payment for a cancelled order with its amount, in English and in Arabic", async ({ page }) => {
    const { code, amount } = await paidAfterCancel(run.store, run.provider);
    expect(amount).toBeGreaterThan(0);
    await signIn(page, { fresh: true });
    await page.goto("/admin?section=orders");
    await page.getByTestId("orders-view-unmatched").click();
    await expect(page.getByTestId("orders-view-unmatched")).toHaveText("Unmatched payments");
    const row = page.getByTestId("unmatched-payment-row").filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("unmatched-payment-amount")).toHaveText(`$${(amount / 100).toFixed(2)}`);
    await expect(row).toContainText("stripe");
    // The order's state in the console's words.
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText(/pi_\w+/);

    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto("/admin?section=orders");
    await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("orders-view-unmatched")).toHaveText("دفعات بلا طلب");
    await page.getByTestId("orders-view-unmatched").click();
    await expect(page.getByTestId("unmatched-payments")).toContainText("لا يقابل هذا المال أي طلب");
    const arabicRow = page.getByTestId("unmatched-payment-row").filter({ hasText: code });
    await expect(arabicRow).toBeVisible();
    await expect(arabicRow).toContainText("ملغى");
  });

  test("delivers one order anyway and refunds another's money at Stripe, after confirmations, in English and in Arabic", async ({
    page,
    request,
  }) => {
    const catalog = await loadCatalog(request);
    const product = catalog.products.find(
      (p) => p.variants.length === 0 && p.inStock && p.deliveryMode === "automatic",
    );
    if (!product) throw new Error("the demo catalog has no automatic product in stock");
    const toDeliver = await paidAfterCancel(run.store, run.provider, product.id);
    const toRefund = await paidAfterCancel(run.store, run.provider, product.id);
    const api = await storeApi(run.store);
    const status = async (code: string) => ((await api.get(`/api/admin/orders/${code}`)) as { status: string }).status;

    await signIn(page, { fresh: true });
    await page.goto("/admin?section=orders");
    await page.getByTestId("orders-view-unmatched").click();
    const row = page.getByTestId("unmatched-payment-row").filter({ hasText: toDeliver.code });
    await row.getByRole("button", { name: `Deliver order ${toDeliver.code} anyway` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Deliver order ${toDeliver.code} on this payment?`);
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await status(toDeliver.code)).toBe("cancelled");
    await row.getByRole("button", { name: `Deliver order ${toDeliver.code} anyway` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Deliver anyway" }).click();
    await expect(row.getByTestId("unmatched-payment-resolution")).toHaveText(`Delivered (${E2E_ADMIN.username})`);
    expect(await status(toDeliver.code)).toBe("delivered");

    // In Arabic, right to left: the other payment refunded at Stripe.
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto("/admin?section=orders");
    await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
    await page.getByTestId("orders-view-unmatched").click();
    const arabicRow = page.getByTestId("unmatched-payment-row").filter({ hasText: toRefund.code });
    await arabicRow.getByRole("button", { name: `استرداد دفعة الطلب ${toRefund.code}` }).click();
    const arabicDialog = page.getByRole("dialog");
    await expect(arabicDialog).toContainText(`للطلب ${toRefund.code}؟`);
    await expect(arabicDialog).toContainText("سيُطلب من Stripe إعادة");
    await arabicDialog.getByRole("button", { name: "استرداد", exact: true }).click();
    await expect(arabicRow.getByTestId("unmatched-payment-resolution")).toContainText("استُردّت لدى مزوّد الدفع");
    expect(run.provider.refunds.filter((r) => r.amount === toRefund.amount)).toHaveLength(1);
    expect(await status(toRefund.code)).toBe("cancelled");
    // The delivered one stays handled, said in Arabic.
    await expect(
      page
        .getByTestId("unmatched-payment-row")
        .filter({ hasText: toDeliver.code })
        .getByTestId("unmatched-payment-resolution"),
    ).toContainText("تم التسليم");
  });
});
