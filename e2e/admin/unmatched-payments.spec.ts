/** Money without an order (docs/operations.md "Unmatched payments"): on a store paid through the fake Stripe, an
 * order is cancelled and then paid on Stripe's page; the operator finds the payment, with its amount, under
 * Orders > Unmatched payments, in English and in Arabic (right to left). */
import { expect, test } from "@playwright/test";
import { FakeStripe } from "../../server/src/modules/payments/fakes/fake-stripe.ts";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { startPaymentStore, type PaymentStore } from "../checkout/payment-store.ts";
import { uniqueEmail } from "../checkout/checkout-helpers.ts";
import { signIn } from "./console-helpers.ts";

test.slow();

const PORT = Number(process.env.E2E_PORT ?? 4173) + 25_000;

/** An order placed through the public checkout, cancelled by the operator, then paid on Stripe's page. */
async function paidAfterCancel(store: PaymentStore, stripe: FakeStripe): Promise<{ code: string; amount: number }> {
  const placed = await fetch(`${store.url}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Late Payer",
      email: uniqueEmail("unmatched"),
      whatsapp: "+216 20 555 777",
      currency: "USD",
      items: [{ id: "psn-10-us", qty: 1 }],
    }),
  });
  expect(placed.ok, await placed.clone().text()).toBe(true);
  const { panierCode, paymentLink } = (await placed.json()) as { panierCode: string; paymentLink: string };
  const login = await fetch(`${store.url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const cancel = await fetch(`${store.url}/api/admin/orders/${panierCode}/cancel`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, "X-CSRF-Token": csrfToken },
    body: "{}",
  });
  expect(cancel.ok, await cancel.clone().text()).toBe(true);
  const sessionId = paymentLink.split("/").at(-1) ?? "";
  const pay = await fetch(`${stripe.url}/c/pay/${sessionId}/pay`, { method: "POST", redirect: "manual" });
  expect(pay.status).toBe(303);
  return { code: panierCode, amount: stripe.sessions.get(sessionId)?.amount_total ?? 0 };
}

test.describe("Orders > Unmatched payments", () => {
  let stripe: FakeStripe;
  let store: PaymentStore;
  test.use({ baseURL: `http://localhost:${PORT}` });
  test.beforeAll(async () => {
    stripe = await FakeStripe.start({
      secretKey: "sk_test_e2e_unmatched",
      webhookSecret: "whsec_e2e_unmatched",
      webhookUrl: `http://127.0.0.1:${PORT}/api/payments/stripe/webhook`,
    });
    store = await startPaymentStore(PORT, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_e2e_unmatched",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e_unmatched",
      STRIPE_API_URL: stripe.url,
    });
  });
  test.afterAll(async () => {
    await store.stop();
    await stripe.close();
  });

  test("lists a payment for a cancelled order with its amount, in English and in Arabic", async ({ page }) => {
    const { code, amount } = await paidAfterCancel(store, stripe);
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
});
