/** How the checkout screen handles each kind of answer, with /api/checkout answered by the test. */
import { expect, test, type Page } from "@playwright/test";
import { addFromProductPage, checkoutForm } from "./checkout-helpers.ts";

async function fillDetails(page: Page): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel("Full name").fill("Amira Ben Salah");
  await form.getByLabel("Email", { exact: true }).fill("amira@example.com");
  await form.getByLabel("WhatsApp number").fill("+216 20 123 456");
}

test.beforeEach(async ({ page }) => {
  await addFromProductPage(page, "steam-20");
  await page.goto("/cart");
  await fillDetails(page);
});

test("retries after a network error with the same Idempotency-Key, and a changed form gets a new one", async ({
  page,
}) => {
  const keys: string[] = [];
  const bodies: unknown[] = [];
  let calls = 0;
  await page.route("**/api/checkout", async (route) => {
    calls += 1;
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    bodies.push(route.request().postDataJSON());
    if (calls < 4) await route.abort("internetdisconnected");
    else await route.continue();
  });
  const form = checkoutForm(page);
  const submit = form.getByRole("button", { name: "Place order" });

  await submit.click();
  await expect(page.getByText("Something went wrong. Please try again.").first()).toBeVisible();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect.poll(() => calls).toBe(2);
  expect(keys[1]).toBe(keys[0]);

  await form.getByLabel("Notes (optional)").fill("Please hurry");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect.poll(() => calls).toBe(3);
  expect(keys[2]).not.toBe(keys[1]);

  await submit.click();
  await page.waitForURL(/\/order-success\?code=PNR-/);
  expect(keys[3]).toBe(keys[2]);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,}$/);
  expect(bodies[3]).toMatchObject({
    name: "Amira Ben Salah",
    email: "amira@example.com",
    whatsapp: "+216 20 123 456",
    currency: "USD",
    items: [{ id: "steam-20", qty: 1 }],
    promoCode: "",
    notes: "Please hurry",
    subtotal: 2000,
    locale: "en",
  });
});

test("shows the server's error with its detail, and the generic message for a non-JSON answer", async ({ page }) => {
  let answer = 0;
  await page.route("**/api/checkout", async (route) => {
    answer += 1;
    if (answer === 1)
      await route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: '"Steam Wallet $20" is out of stock.', detail: "Remove it from your cart." }),
      });
    else await route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" });
  });
  const submit = checkoutForm(page).getByRole("button", { name: "Place order" });
  await submit.click();
  await expect(page.getByText('"Steam Wallet $20" is out of stock.')).toBeVisible();
  await expect(page.getByText("Remove it from your cart.")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await submit.click();
  await expect(page.getByText("Something went wrong. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
});

test("a 409 with current prices shows the new prices and says so", async ({ page }) => {
  await page.route("**/api/checkout", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({
        error: "Prices have changed. Please review your cart.",
        prices: [{ id: "steam-20", variantId: null, unitPrice: 2500 }],
        subtotal: 2500,
      }),
    }),
  );
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Prices have changed. Please review your cart.")).toBeVisible();
  await expect(page.getByText("The prices below have been updated to the current ones.")).toBeVisible();
  await expect(page.getByTestId("line-unit-qty")).toHaveText(/\$25\.00 × 1/);
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$25.00");
});

test("when payment is required, goes to the payment link and keeps the cart until it is paid", async ({
  page,
  baseURL,
}) => {
  const paymentLink = `${baseURL ?? ""}/products?payment=fake`;
  let placing = false;
  await page.route("**/api/checkout", async (route) => {
    placing = true;
    await route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        panierCode: "PNR-PAY12345",
        paymentLink,
        requiresPayment: true,
        emailSent: true,
        orderUrl: "/orders/x",
        total: 2000,
        currency: "USD",
      }),
    });
  });
  const submit = checkoutForm(page).getByRole("button", { name: "Place order" });
  await submit.click();
  await page.waitForURL(/\/products\?payment=fake$/);
  expect(placing).toBe(true);
  // Not paid yet (the shopper may give up on the provider's page): the cart and the details are still there.
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart" })).toBeVisible();
  await expect(checkoutForm(page).getByLabel("Full name")).toHaveValue("Amira Ben Salah");
});

test("the submit button reads 'Placing...' and is disabled while the order is sent", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/checkout", async (route) => {
    await held;
    await route.continue();
  });
  const form = checkoutForm(page);
  await form.getByRole("button", { name: "Place order" }).click();
  const placing = form.getByRole("button", { name: "Placing..." });
  await expect(placing).toBeDisabled();
  await expect(
    page.getByRole("navigation", { name: "Checkout progress" }).getByRole("listitem").nth(2),
  ).toHaveAttribute("aria-current", "step");
  release();
  await page.waitForURL(/\/order-success\?code=PNR-/);
});

test("a refusal about one product is said in the shopper's language, with the product's name (Arabic)", async ({
  page,
}) => {
  await page.route("**/api/checkout", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({
        error: '"Steam Wallet $20" is out of stock. Please remove it from your cart.',
        code: "out_of_stock",
        id: "steam-20",
        title: "Steam Wallet $20",
      }),
    }),
  );
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const form = checkoutForm(page);
  // The details typed before the reload are kept.
  await expect(form.getByLabel("الاسم الكامل")).toHaveValue("Amira Ben Salah");
  await form.getByRole("button", { name: "تأكيد الطلب" }).click();
  await expect(page.getByText("«Steam Wallet $20» غير متوفر حاليًا. يرجى إزالته من سلتك.")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
});
