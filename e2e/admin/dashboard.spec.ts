import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "../api-test.ts";
import { loadCatalog } from "../storefront/catalog.ts";
import { TABLET, apiSession, openSection, signIn } from "./console-helpers.ts";
import { createProduct } from "./catalog-fixtures.ts";
import { checkoutByApi } from "../checkout/checkout-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 90_000 });

test("the dashboard shows the four cards, 'Total Orders' in the header and the recent orders", async ({ page }) => {
  await signIn(page);
  const header = page.getByTestId("header-total-orders");
  await expect(header).toContainText("Total Orders");
  const metrics = (await (await page.request.get("/api/admin/metrics")).json()) as { totalOrders: number };
  await expect(header).toContainText(String(metrics.totalOrders));

  await expect(page.getByTestId("metric-orders")).toContainText("Total Orders");
  await expect(page.getByTestId("metric-orders")).toContainText("All time");
  await expect(page.getByTestId("metric-products")).toContainText("Products");
  await expect(page.getByTestId("metric-products")).toContainText("In catalog");
  // Tests running beside this one add products: the card and the API agree once no product was added between the
  // card's read and this one (the page is read again when one was).
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const now = (await (await page.request.get("/api/admin/metrics")).json()) as { totalProducts: number };
    await expect(page.getByTestId("metric-products")).toContainText(String(now.totalProducts), { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("metric-customers")).toContainText("Customers");
  await expect(page.getByTestId("metric-customers")).toContainText("Unique emails");
  await expect(page.getByTestId("metric-growth")).toContainText(/[+-]\d+%/);
  await expect(page.getByTestId("metric-growth")).toContainText("Recent activity");
  // What the percentage is made of (other tests' orders change the counts meanwhile).
  await expect(page.getByTestId("metric-growth")).toContainText(
    /Orders in the last 7 days: \d+; the 7 days before: \d+/,
  );
  await expect(page.getByRole("heading", { name: "Recent Orders" })).toBeVisible();

  if (metrics.totalOrders === 0) {
    await expect(page.getByText("No orders yet")).toBeVisible();
    await expect(page.getByText("Orders will appear here once customers start purchasing")).toBeVisible();
  } else {
    const row = page.getByTestId("recent-orders").getByRole("button").first();
    const code = ((await row.locator(".admin-order-row__code").textContent()) ?? "").replace("#", "");
    await row.click();
    const dialog = page.getByRole("dialog", { name: `Order #${code}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("WhatsApp")).toBeVisible();
    await expect(dialog.getByRole("columnheader", { name: "Qty" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
});

test("until the figures are read, the cards and the header show a dash, never a 0", async ({ page, context }) => {
  // The figures' answer is held back, as on a slow line; the console's own routes are not.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route("**/api/admin/metrics", async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, { fresh: true });
  const value = (testId: string) => page.getByTestId(testId).locator(".admin-metric__value");
  for (const card of ["metric-orders", "metric-products", "metric-customers", "metric-growth"]) {
    await expect(value(card)).toContainText("—");
    await expect(value(card)).not.toContainText(/\d/);
  }
  await expect(page.getByTestId("header-total-orders")).toContainText("—");
  await expect(page.getByTestId("header-total-orders")).not.toContainText(/\d/);

  release();
  await expect(value("metric-products")).toHaveText(/^\d+$/);
  await expect(value("metric-growth")).toHaveText(/^[+-]\d+%$/);
  await expect(page.getByTestId("header-total-orders")).toContainText(/\d/);
  await expect(page.getByTestId("figure-pending")).toHaveCount(0);
});

test("Panier Lookup reports an unknown code", async ({ page }) => {
  await signIn(page);
  const lookup = page.getByRole("region", { name: "Panier Lookup" });
  const input = lookup.getByPlaceholder("PNR-12345");
  await input.fill("PNR-NOPE0000");
  await lookup.getByRole("button", { name: "Search" }).click();
  await expect(lookup.getByRole("alert")).toHaveText("No order found with this code.");
});

test("the section choice survives a reload and the sidebar lists every section", async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  for (const name of [
    "Dashboard",
    "Products",
    "Categories",
    "Banners",
    "Promos",
    "Settings",
    "Newsletter",
    "Mailbox",
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  await openSection(page, "Newsletter");
  await expect(page).toHaveURL(/section=newsletter/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/newsletter.csv");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 2 })).toBeVisible();
  await openSection(page, "Mailbox");
  await expect(page.getByRole("heading", { name: "Mailbox", level: 2 })).toBeVisible();
});

test("works in tablet portrait and on a phone, where the sidebar folds into a menu", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page);
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
  await expect(page.getByTestId("metric-orders")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(nav).toBeHidden();
  await expect(page.getByRole("tab", { name: "Profile" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

test("a new order shows in Recent Orders, opens in a modal, can be marked as paid and is found by Panier Lookup", async ({
  page,
  request,
}) => {
  const catalog = await loadCatalog(request);
  const product =
    catalog.products.find((p) => p.inStock && p.variants.length === 0) ??
    (await createProduct(await apiSession(request)));
  const email = `dash.${Date.now().toString(36)}@example.com`;
  const panierCode = await checkoutByApi(request, {
    name: "Dana Buyer",
    email,
    whatsapp: "+216 20 123 456",
    notes: "",
    items: [{ id: product.id, qty: 2 }],
  });

  await signIn(page);
  const row = page
    .getByTestId("recent-orders")
    .getByRole("button")
    .filter({ hasText: `#${panierCode}` });
  await expect(row).toContainText("Dana Buyer");
  await expect(row).toContainText("2 items");
  await row.click();
  const dialog = page.getByRole("dialog", { name: `Order #${panierCode}` });
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText("+216 20 123 456");
  await expect(dialog.getByRole("row").filter({ hasText: product.id })).toContainText("2");
  const markPaid = dialog.getByRole("button", { name: "Mark as paid" });
  if (await markPaid.isVisible()) {
    await markPaid.click();
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByText("Order marked as paid")).toBeVisible();
    await expect(dialog).toContainText("Paid");
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const lookup = page.getByRole("region", { name: "Panier Lookup" });
  await lookup.getByPlaceholder("PNR-12345").fill(panierCode.toLowerCase());
  await lookup.getByRole("button", { name: "Search" }).click();
  const result = lookup.getByTestId("lookup-result");
  await expect(result).toContainText(panierCode);
  await expect(result).toContainText("Dana Buyer");
  await expect(result).toContainText(`${product?.id ?? ""} × 2`);
});

/** Places a paid order (USD) for a simple manual-delivery product in stock; answers its product's title. */
async function placePaidOrder(request: APIRequestContext): Promise<string> {
  const catalog = await loadCatalog(request);
  const product = catalog.products.find((p) => p.inStock && p.variants.length === 0 && p.deliveryMode === "manual");
  if (!product) throw new Error("the demo catalog has no simple manual-delivery product in stock");
  const panierCode = await checkoutByApi(request, {
    name: "Chart Buyer",
    email: `chart.${Date.now().toString(36)}@example.com`,
    whatsapp: "+216 20 123 456",
    notes: "",
    items: [{ id: product.id, qty: 3 }],
  });
  const api = await apiSession(request);
  await api.send("POST", `/api/admin/orders/${panierCode}/mark-paid`, {});
  return product.title;
}

test("the dashboard draws the last 30 days: orders and revenue per day, top products, and a table", async ({
  page,
  request,
}) => {
  await placePaidOrder(request);
  await signIn(page);
  const charts = page.getByTestId("sales-charts");
  await expect(charts.getByRole("heading", { name: "Last 30 days" })).toBeVisible();
  const orders = charts.getByTestId("chart-orders");
  await expect(orders.getByRole("img")).toHaveAccessibleName(/^Orders per day: \d+\. Busiest day: /);
  await expect(orders.locator("rect")).toHaveCount(30);
  // Today's bar (the last one, in this device's time zone) is drawn.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  const bar = orders.locator(`rect[data-day="${today}"]`);
  expect(Number(await bar.getAttribute("height"))).toBeGreaterThan(0);
  await expect(charts.getByTestId("sales-orders-total")).toHaveText(/\(\d+ orders?\)/);
  await expect(charts.getByTestId("chart-revenue").getByRole("img")).toHaveAccessibleName(/Revenue per day \(USD\)/);
  await expect(charts.getByTestId("sales-revenue-total")).toContainText("$");
  await expect(charts.getByTestId("top-products").getByRole("listitem").first()).toContainText(/\d+ sold/);
  await charts.getByText("Show as a table").click();
  await expect(charts.getByRole("table").getByRole("row")).toHaveCount(31);
  await expect(charts.getByRole("columnheader", { name: "USD" })).toBeVisible();
});

test("in Arabic the pictures run right to left, in Arabic words", async ({ page, request }) => {
  await placePaidOrder(request);
  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await signIn(page);
  const charts = page.getByTestId("sales-charts");
  await expect(charts.getByRole("heading", { name: "آخر 30 يومًا" })).toBeVisible();
  await expect(charts.getByRole("heading", { name: /الطلبات في اليوم/ })).toBeVisible();
  const plot = charts.getByTestId("chart-orders").locator("svg");
  // Mirrored: the first day is drawn on the right, as Arabic reads.
  await expect(plot).toHaveCSS("transform", "matrix(-1, 0, 0, 1, 0, 0)");
  await expect(charts.getByTestId("top-products")).toContainText("بيعت");

  // The order's mail was written in English: its subject keeps its own direction and lines up with the row's
  // start; on a tablet in portrait it is shown whole, the order's code included.
  await page.setViewportSize({ width: 834, height: 1194 });
  await page.goto("/admin?section=mailbox");
  const subject = page.locator(".admin-mail-row__subject").first();
  await expect(subject).toContainText(/order PNR-/i);
  await expect(subject).toHaveCSS("direction", "ltr");
  await expect(subject).toHaveCSS("text-align", "right");
  expect(await subject.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
    true,
  );
  // The order's code stays on one line, left to right.
  const code = subject.locator(".admin-mail-row__code");
  await expect(code).toHaveText(/^PNR-[0-9A-Z]{8}$/);
  expect(await code.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect(page.locator(".admin-mails")).toHaveCSS("direction", "rtl");
});
