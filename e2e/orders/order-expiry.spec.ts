/** An unpaid order expires and frees its codes (docs/decisions.md D10), on a store of its own whose orders must be
 * paid within 45 s (UNPAID_ORDER_TTL_MINUTES=0.75; the expiry pass then runs every ~11 s): the operator imports
 * codes in the product editor, a shopper orders one (the stock panel shows it reserved), nobody pays, and the order
 * view says expired, the shopper's page follows by itself, and the stock panel counts the code available again. */
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { TABLET, signIn } from "../admin/console-helpers.ts";
import { uniqueEmail } from "../checkout/checkout-helpers.ts";
import { startPaymentStore, type PaymentStore } from "../checkout/payment-store.ts";
import {
  buyOne,
  createStockProduct,
  openOrder,
  orderOf,
  privateOrderLink,
  stockOf,
  tag,
} from "../stock/stock-helpers.ts";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 30_000;
const TTL_MS = 45_000;

test.use({ baseURL: `http://localhost:${PORT}`, viewport: TABLET, serviceWorkers: "block" });
test.describe.configure({ timeout: 240_000 });

let store: PaymentStore | undefined;
test.beforeAll(async () => {
  // A second server starting on a busy machine takes longer than a test's usual time.
  test.setTimeout(120_000);
  store = await startPaymentStore(PORT, { UNPAID_ORDER_TTL_MINUTES: String(TTL_MS / 60_000) });
});
test.afterAll(async () => {
  await store?.stop();
});

/** Opens the product's editor from the products list (its counts read afresh) → its stock panel. */
async function stockPanel(page: Page, title: string): Promise<Locator> {
  await page.goto("/admin?section=products");
  await page
    .getByRole("region", { name: "Products" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .getByRole("button", { name: "Edit" })
    .click();
  const panel = page.getByRole("dialog", { name: "Edit Product" }).getByTestId("stock-panel");
  await expect(panel.getByRole("table", { name: "Code stock" })).toBeVisible();
  return panel;
}

test("an order left unpaid expires: the order view says so and its code is available again", async ({
  page,
  browser,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Expiring ${t}` });

  // The operator imports two codes in the product editor.
  await signIn(page, { fresh: true });
  let panel = await stockPanel(page, product.title);
  await panel.getByLabel("Paste codes").fill(`EXP-${t}-1\nEXP-${t}-2`);
  await panel.getByRole("button", { name: "Import codes" }).click();
  await expect(panel.getByTestId("import-counts")).toHaveText(
    "2 imported, 0 refused, 0 blank lines ignored, of 2 lines read.",
  );
  await expect(panel.getByTestId("stock-available")).toHaveText("2");

  // A shopper orders one: its code is reserved.
  const shopper = await browser.newContext({ viewport: { width: 412, height: 915 } });
  try {
    const shopperPage = await shopper.newPage();
    const code = await buyOne(shopperPage, product.id, uniqueEmail("expiry"));
    const placedAt = Date.now();
    panel = await stockPanel(page, product.title);
    await expect(panel.getByTestId("stock-available")).toHaveText("1");
    await expect(panel.getByTestId("stock-reserved")).toHaveText("1");

    // The shopper's page awaits the payment, then follows the order to its expiry by itself.
    await shopperPage.goto(await privateOrderLink(api, code));
    await expect(shopperPage.getByTestId("order-status")).toHaveText("Awaiting payment");
    await page.goto("/admin");
    await openOrder(page, code);
    const dialog = page.getByRole("dialog", { name: `Order #${code}` });
    await expect(dialog.getByTestId("order-status")).toHaveText("Awaiting payment");

    // Nobody pays. Once the time is up (and a pass of the expiry worker has run), the order has expired.
    await expect
      .poll(async () => (await orderOf(api, code)).status, { timeout: TTL_MS + 60_000, intervals: [2000] })
      .toBe("expired");
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(TTL_MS - 1000);
    await expect(shopperPage.getByTestId("order-status")).toHaveText("Expired (not paid in time)", {
      timeout: 15_000,
    });

    // The operator's order view says so, with the store as the actor in its history.
    await page.goto("/admin");
    await openOrder(page, code);
    await expect(dialog.getByTestId("order-status")).toHaveText("Expired");
    await expect(
      dialog.getByTestId("order-history").getByTestId("order-event").filter({ hasText: "Expired unpaid" }),
    ).toContainText("The store");
    await expect(dialog.getByRole("button", { name: "Mark as paid" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();

    // The stock panel counts both codes available again.
    panel = await stockPanel(page, product.title);
    await expect(panel.getByTestId("stock-available")).toHaveText("2");
    await expect(panel.getByTestId("stock-reserved")).toHaveText("0");
    await expect(panel.getByTestId("stock-sold")).toHaveText("0");
    expect((await stockOf(api, product.id)).total).toMatchObject({ available: 2, reserved: 0, sold: 0 });
  } finally {
    await shopper.close();
  }
});
