/** Several payment methods at once (docs/decisions.md D45, D46): a store run with PAYMENT_METHODS=manual,paymob
 * against the fake Paymob on 127.0.0.1. For EGP both take the payment, so the checkout asks how to pay; the shopper
 * chooses Paymob, pays on its page, comes back and sees the order paid once Paymob's signed callback has reached the
 * store. USD has one method (manual) and is used without asking. Once in Arabic: the choice reads right to left. */
import { expect, test } from "@playwright/test";
import { FakePaymob } from "../../server/src/test/fake-paymob.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { addFromProductPage, checkoutForm, fillCheckout, uniqueEmail } from "./checkout-helpers.ts";
import { usePaymentStore } from "./payment-store.ts";

test.slow();

const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
const STORE_PORT = BASE_PORT + 10;
const PAYMOB_PORT = BASE_PORT + 11;

test.describe("choosing how to pay", () => {
  const run = usePaymentStore(
    STORE_PORT,
    {
      start: () =>
        FakePaymob.start({
          secretKey: "egy_sk_test_e2e",
          publicKey: "egy_pk_test_e2e",
          hmacSecret: "e2e-hmac-secret",
          integrationIds: [4097558],
          port: PAYMOB_PORT,
        }),
      settings: (paymob) => ({
        PAYMENT_METHODS: "manual,paymob",
        PAYMOB_SECRET_KEY: "egy_sk_test_e2e",
        PAYMOB_PUBLIC_KEY: "egy_pk_test_e2e",
        PAYMOB_HMAC_SECRET: "e2e-hmac-secret",
        PAYMOB_INTEGRATION_IDS: "4097558",
        PAYMOB_API_URL: paymob.url,
      }),
    },
    { productId: "steam-20", codes: ["E2E-PAYMOB-1-AAAA", "E2E-PAYMOB-2-BBBB"] },
  );

  test("with two methods for EGP, the shopper chooses Paymob, pays on its page and sees the order paid", async ({
    page,
  }) => {
    await addFromProductPage(page, "steam-20");
    await fillCheckout(page, uniqueEmail("paymob"), "USD");
    const form = checkoutForm(page);
    // One method takes USD: no question asked.
    await expect(form.getByRole("group", { name: "How would you like to pay?" })).toHaveCount(0);
    await expect(form.locator("#checkout-how-to-pay")).toHaveText(
      "Nothing is charged now: after you place the order, the next page says how to pay.",
    );

    await form.locator("#checkout-currency").selectOption("EGP");
    const choice = form.getByRole("group", { name: "How would you like to pay?" });
    await expect(choice.getByRole("radio")).toHaveCount(2);
    await expect(choice.getByRole("radio", { name: "Manual payment" })).toBeChecked();
    await expectNoSeriousAxeViolations(page);
    await choice.getByRole("radio", { name: "Paymob" }).check();
    await expect(choice.getByRole("radio", { name: "Paymob" })).toHaveAccessibleDescription(
      "Bank card or mobile wallet on Paymob's secure page.",
    );
    await expect(form.locator("#checkout-how-to-pay")).toHaveText(
      "After you place the order, Paymob's secure page opens to pay by bank card or mobile wallet.",
    );
    await form.getByRole("button", { name: "Place order" }).click();

    // The fake Unified Checkout page, opened with the store's public key.
    await expect(page).toHaveURL(new RegExp(`^${run.provider.url}/unifiedcheckout/\\?publicKey=egy_pk_test_e2e&`));
    await expect(page.getByText(/^Amount: \d+\.\d{2} EGP$/)).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    // Back through the store's checked return, on the order's page, paid once the callback is in.
    await expect(page).toHaveURL(new RegExp(`^${run.store.url}/order-success\\?code=PNR-\\w{8}&payment=return$`));
    await expect(page.getByTestId("payment-state")).toHaveText(
      "Payment received. Your codes are sent by email and shown on your order page.",
    );
  });

  test("in Arabic, the choice of payment method reads right to left", async ({ page }) => {
    await addFromProductPage(page, "steam-20");
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await fillCheckout(page, uniqueEmail("paymob.ar"), "EGP");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const choice = checkoutForm(page).getByRole("group", { name: "كيف تريد الدفع؟" });
    await expect(choice.getByRole("radio", { name: "دفع يدوي" })).toBeChecked();
    await choice.getByText("Paymob", { exact: true }).click();
    await expect(choice.getByRole("radio", { name: "Paymob" })).toBeChecked();
    await expect(checkoutForm(page).locator("#checkout-how-to-pay")).toHaveText(
      "بعد تقديم الطلب، تُفتح صفحة Paymob الآمنة للدفع ببطاقة بنكية أو محفظة إلكترونية.",
    );
    // The radio sits at the start of its option: on the right in a right-to-left page.
    const option = choice.locator(".checkout-methods__option").nth(1);
    const radio = await option.getByRole("radio").boundingBox();
    const label = await option.locator(".checkout-methods__name").boundingBox();
    expect(radio && label && radio.x > label.x).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });
});
