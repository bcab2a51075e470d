/** Stock hoarding (docs/operations.md "Limits"): the operator sees the codes held by orders awaiting payment in
 * Orders > Held stock and releases one (its codes back in stock at once), on a tablet, in English and in Arabic; a
 * shopper whose cart passes the per-order limit is told so at checkout and nothing is ordered. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { AdminOrder } from "@store/shared/schemas/orders";
import { heldStockSchema } from "@store/shared/schemas/stock";
import { loadCatalog, productWithVariants } from "../storefront/catalog.ts";
import { checkoutByApi, checkoutForm, uniqueEmail } from "../checkout/checkout-helpers.ts";
import { TABLET, signIn, type ApiSession } from "./console-helpers.ts";

test.describe.configure({ timeout: 120_000 });

/** An order awaiting payment of 2 codes of an automatic product, placed through the public checkout. */
async function holdCodes(request: APIRequestContext): Promise<{ code: string; title: string }> {
  const catalog = await loadCatalog(request);
  const product = catalog.products.find((p) => p.variants.length === 0 && p.inStock && p.deliveryMode === "automatic");
  if (!product) throw new Error("the demo catalog has no automatic product in stock");
  const code = await checkoutByApi(request, {
    name: "Hoarding Shopper",
    email: uniqueEmail("held"),
    items: [{ id: product.id, qty: 2 }],
  });
  return { code, title: product.title };
}

async function openHeldStock(page: Page): Promise<void> {
  await page.goto("/admin?section=orders");
  await page.getByTestId("orders-view-held").click();
  await expect(page.getByTestId("held-stock")).toBeVisible();
}

async function status(api: ApiSession, code: string): Promise<string> {
  return ((await api.get(`/api/admin/orders/${code}`)) as AdminOrder).status;
}

test.describe("Orders > Held stock on a tablet", () => {
  test.use({ viewport: TABLET });

  test("lists an unpaid order's codes and releases them to stock", async ({ page, request, api }) => {
    const { code, title } = await holdCodes(request);
    await signIn(page);
    await openHeldStock(page);
    const row = page.getByTestId("held-stock-row").filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row).toContainText(title);
    await expect(row.locator("td.admin-num")).toHaveText("2");
    const release = row.getByRole("button", { name: `Release order ${code}` });
    await expect(release).toBeInViewport();

    await release.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Order ${code} will be cancelled and its reserved codes go back to stock.`);
    await dialog.getByRole("button", { name: "Release", exact: true }).click();
    await expect(page.getByText(`Order ${code} released: its codes are back in stock`).first()).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await status(api, code)).toBe("cancelled");
    const held = heldStockSchema.parse(await api.get("/api/admin/held-stock"));
    expect(held.rows.some((r) => r.code === code)).toBe(false);
  });

  test("says it in Arabic, right to left", async ({ page, request, api }) => {
    const { code } = await holdCodes(request);
    await signIn(page);
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto("/admin?section=orders");
    await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("orders-view-held")).toHaveText("المخزون المحجوز");
    await page.getByTestId("orders-view-held").click();
    const row = page.getByTestId("held-stock-row").filter({ hasText: code });
    await row.getByRole("button", { name: `تحرير الطلب ${code}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "تحرير", exact: true }).click();
    await expect(page.getByText(`تم تحرير الطلب ${code}: عادت رموزه إلى المخزون`).first()).toBeVisible();
    expect(await status(api, code)).toBe("cancelled");
  });
});

test("a cart past the per-order limit is refused at checkout with the reason, and nothing is ordered", async ({
  page,
  request,
  api,
}) => {
  const product = productWithVariants(await loadCatalog(request));
  const [first, second] = product.variants;
  if (!first || !second) throw new Error("needs two options");
  // Each line stays within the store's limit (99 here, e2e/global-setup.ts); the product's options together pass it.
  for (const [variant, qty] of [
    [first, 50],
    [second, 50],
  ] as const) {
    await page.goto(`/product/${product.id}`);
    // Chooses on the app's page (the server's has no wishlist button): a field the app replaces while a
    // keystroke is on its way loses that keystroke (e2e/storefront/first-screen.spec.ts covers the takeover).
    await expect(page.locator(".wishlist-toggle")).toBeVisible();
    // The store's limit once the first sync has brought it: before, the page (and the cart) keep to the default 10.
    await expect(page.locator(".buy-row input[type=number]")).toHaveAttribute("max", "99");
    await page.getByRole("radio", { name: variant.name }).check();
    await page.locator(".buy-row input[type=number]").fill(String(qty));
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect(page.getByText("Added to cart").first()).toBeVisible();
  }
  await page.goto("/cart");
  const form = checkoutForm(page);
  await form.getByLabel("Full name").fill("Amira Ben Salah");
  const email = uniqueEmail("limit");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("WhatsApp number").fill("+216 20 123 456");
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(
    page
      .getByText(`You can buy at most 99 of "${product.title}" per order. Please lower the quantity in your cart.`)
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  const found = (await api.get(`/api/admin/orders?q=${encodeURIComponent(email)}`)) as { orders: unknown[] };
  expect(found.orders).toEqual([]);
});
