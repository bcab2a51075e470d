/** Paying online (docs/decisions.md D11): a store run with PAYMENT_PROVIDER=konnect, then stripe, against the
 * fake providers the tests start on 127.0.0.1. The shopper checks out, pays on the provider's page, comes
 * back, and sees the order paid once the provider's notification has reached the store, then its code on the
 * private order page and in the dev mailbox; in English, with one pass in Arabic. */
import { expect, test, type Page } from "@playwright/test";
import { FakeKonnect } from "../../server/src/test/fake-konnect.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { addFromProductPage, checkoutForm, fillCheckout, findMail, uniqueEmail } from "./checkout-helpers.ts";
import { signIn, openSection } from "../admin/console-helpers.ts";
import { fakeStripe, stockCodes, usePaymentStore, type PaymentStore } from "./payment-store.ts";

// Each test goes through two servers and the provider's page: on a busy machine that takes longer than most.
test.slow();

const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
const KONNECT_PORT = BASE_PORT + 10_000;
const STRIPE_PORT = BASE_PORT + 20_000;

/** Back on the store: the success page waits for the notification, then says the payment is in. */
async function expectPaidOnReturn(page: Page, store: PaymentStore, paidText: string): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`^${store.url}/order-success\\?code=PNR-\\w{8}&payment=return`));
  await expect(page.getByTestId("payment-state")).toHaveText(paidText);
  return new URL(page.url()).searchParams.get("code") ?? "";
}

test.describe("paying with Konnect", () => {
  const run = usePaymentStore(
    KONNECT_PORT,
    {
      start: () => FakeKonnect.start({ apiKey: "e2e-konnect:key", walletId: "e2e-wallet" }),
      settings: (konnect) => ({
        PAYMENT_PROVIDER: "konnect",
        KONNECT_API_KEY: "e2e-konnect:key",
        KONNECT_WALLET_ID: "e2e-wallet",
        KONNECT_API_URL: konnect.url,
      }),
    },
    { productId: "steam-20", codes: ["E2E-KONNECT-1-AAAA", "E2E-KONNECT-2-BBBB"] },
  );

  test("checks out in TND, pays on Konnect's page, comes back, sees the order delivered with its code and the email in the mailbox", async ({
    page,
  }) => {
    await addFromProductPage(page, "steam-20");
    await fillCheckout(page, uniqueEmail("konnect"), "EGP");
    // Konnect cannot take EGP: said before any order exists, and the order is held back.
    const form = checkoutForm(page);
    await expect(form.getByRole("alert")).toHaveText(
      "Online payment is not available in EGP. Please choose TND, EUR, USD to pay.",
    );
    await expect(form.getByRole("button", { name: "Place order" })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Place order" })).toHaveAccessibleDescription(
      /Online payment is not available in EGP/,
    );
    await expectNoSeriousAxeViolations(page);
    await form.locator("#checkout-currency").selectOption("TND");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await form.getByRole("button", { name: "Place order" }).click();

    // The fake gateway's page, in millimes turned into dinars.
    await expect(page).toHaveURL(new RegExp(`^${run.provider.url}/pay\\?payment_ref=[0-9a-f]{24}$`));
    await expect(page.getByText(/^Amount: \d+\.\d{3} TND$/)).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    const code = await expectPaidOnReturn(
      page,
      run.store,
      "Payment received. Your codes are sent by email and shown on your order page.",
    );
    const steps = page.getByRole("navigation", { name: "Checkout progress" }).getByRole("listitem");
    await expect(steps.nth(2)).not.toContainText("awaiting payment");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("link", { name: "View your order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${code}`);
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    // One of the codes imported for this store, delivered to this order, behind the reveal button.
    await page.getByRole("button", { name: "Reveal codes" }).click();
    const delivered = (await page.locator(".order-page__code code").textContent()) ?? "";
    expect(delivered).toMatch(/^E2E-KONNECT-\d-[A-Z]{4}$/);

    // The delivery email, in the admin console's dev mailbox.
    await signIn(page, { fresh: true });
    await openSection(page, "Mailbox");
    await page.getByRole("button", { name: new RegExp(`^Your codes for order ${code}`) }).click();
    await expect(page.frameLocator('iframe[title="Email content"]').getByText(delivered)).toBeVisible();
  });

  test("in Arabic, the checkout and the return read right to left", async ({ page }) => {
    await addFromProductPage(page, "steam-20");
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await fillCheckout(page, uniqueEmail("konnect.ar"), "EGP");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const form = checkoutForm(page);
    await expect(form.getByRole("alert")).toHaveText(
      "الدفع عبر الإنترنت غير متاح بعملة EGP. يرجى اختيار TND, EUR, USD للدفع.",
    );
    await form.locator("#checkout-currency").selectOption("TND");
    await form.locator("button.checkout-submit").click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expectPaidOnReturn(page, run.store, "تم استلام الدفع. تُرسل رموزك بالبريد الإلكتروني وتظهر في صفحة طلبك.");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("link", { name: "عرض طلبك" })).toBeVisible();
  });

  test("on a phone, gives up on Konnect's page: no done mark, the order can be cancelled and the cart stays", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    // The tests above sold this store's codes: one more, for this order to hold.
    await stockCodes(run.store, "steam-20", ["E2E-KONNECT-CANCEL-A"]);
    await addFromProductPage(page, "steam-20");
    await fillCheckout(page, uniqueEmail("konnect-cancel"), "TND");
    await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`^${run.provider.url}/pay\\?payment_ref=[0-9a-f]{24}$`));
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(new RegExp(`^${run.store.url}/order-success\\?code=PNR-\\w{8}`));
    await expect(page.getByTestId("order-success-mark")).toHaveAttribute("data-state", "pending");
    await expect(page.getByText("Thank you!")).toHaveCount(0);
    await page.getByRole("button", { name: "Cancel this order" }).click();
    await page
      .getByRole("dialog", { name: "Cancel this order?" })
      .getByRole("button", { name: "Cancel order" })
      .click();
    await expect(page.getByText("Order cancelled")).toBeVisible();
    await page.goto("/cart");
    await expect(page.locator(".checkout-line")).toHaveCount(1);
  });
});

test.describe("paying with Stripe", () => {
  const run = usePaymentStore(STRIPE_PORT, fakeStripe(STRIPE_PORT), {
    productId: "steam-20",
    codes: ["E2E-STRIPE-1-CCCC"],
  });

  test("on a phone, gives up on Stripe's page, cancels the order from the return page, and keeps the cart", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await addFromProductPage(page, "steam-20");
    await fillCheckout(page, uniqueEmail("stripe-cancel"), "USD");
    await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`^${run.provider.url}/c/pay/cs_test_\\w+$`));
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`^${run.store.url}/order-success\\?code=PNR-\\w{8}&payment=cancelled$`));
    // The order holds the one code meanwhile: none is left for sale.
    const left = async () => (await (await page.request.get("/api/availability/steam-20")).json()) as object;
    expect(await left()).toEqual({ left: {} });

    await page.getByRole("button", { name: "Cancel this order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText("Order cancelled")).toBeVisible();
    expect(await left()).toEqual({ left: { "": 1 } });
    await expect(page.getByRole("button", { name: "Cancel this order" })).toHaveCount(0, { timeout: 15_000 });

    // Changing one's mind costs nothing: the cart and the details are still there.
    await page.goto("/cart");
    await expect(page.locator(".checkout-line")).toHaveCount(1);
    await expect(checkoutForm(page).getByLabel("Full name")).not.toHaveValue("");
  });

  test("cancels on Stripe's page, comes back to pay, and sees the order delivered with its code", async ({ page }) => {
    await addFromProductPage(page, "steam-20");
    await fillCheckout(page, uniqueEmail("stripe"), "TND");
    const form = checkoutForm(page);
    await expect(form.getByRole("alert")).toHaveText(
      "Online payment is not available in TND. Please choose USD, EUR, EGP to pay.",
    );
    await form.locator("#checkout-currency").selectOption("USD");
    await expect(form.getByRole("button", { name: "Place order" })).toHaveAccessibleDescription(
      "After you place the order, Stripe's secure page opens to pay by card.",
    );
    await form.getByRole("button", { name: "Place order" }).click();

    await expect(page).toHaveURL(new RegExp(`^${run.provider.url}/c/pay/cs_test_\\w+$`));
    await expect(page.getByText("Amount: 20.00 USD")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();

    // Given up: the order still awaits payment, and the page offers Stripe's page again.
    await expect(page).toHaveURL(new RegExp(`^${run.store.url}/order-success\\?code=PNR-\\w{8}&payment=cancelled$`));
    await expect(page.getByTestId("payment-state")).toHaveText(
      "The payment was not completed. You can try again until the order expires.",
    );
    // The state as it is: no done mark, no thank-you heading, and until when the order can still be paid.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment not completed");
    await expect(page.getByTestId("order-success-mark")).toHaveAttribute("data-state", "pending");
    await expect(page.getByTestId("order-expiry")).toHaveText(/^The order expires on .+\.$/);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("link", { name: "Complete payment" }).click();
    await page.getByRole("button", { name: "Pay" }).click();

    const code = await expectPaidOnReturn(
      page,
      run.store,
      "Payment received. Your codes are sent by email and shown on your order page.",
    );
    // Paid: now the done mark.
    await expect(page.getByTestId("order-success-mark")).toHaveAttribute("data-state", "done");
    await page.getByRole("link", { name: "View your order" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await page.getByRole("button", { name: "Reveal codes" }).click();
    await expect(page.locator(".order-page__code code")).toHaveText("E2E-STRIPE-1-CCCC");
    const mail = await findMail(code, { mailboxDir: run.store.mailboxDir, subject: "Your codes" });
    expect(mail.subject).toBe(`Your codes for order ${code}`);
  });
});
