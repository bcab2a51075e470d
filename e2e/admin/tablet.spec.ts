/** The operator on a 1024x768 tablet: what the order view needs to collect a payment, the product dialog's
 * actions in view, the sidebar's current section, the recent-orders rows, offline reloads, and axe. */
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { formatMoney } from "@store/shared/currency";
import { expectButtonLinksReadable, expectNoSeriousAxeViolations } from "../a11y.ts";
import { TABLET, apiSession, openSection, signIn, toast } from "./console-helpers.ts";
import { orderStatus, placeOrder, recentRow } from "./order-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 120_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

/** Switches the signed-in console to Arabic (sign-in itself is in English: the helper reads English labels). */
async function inArabic(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
}

/** How many line boxes the element's text takes. */
async function linesOf(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

test("the order view shows what is needed to collect a payment, and Mark as paid asks first", async ({
  page,
  request,
  api,
}) => {
  const promoCode = `TAB${tag()}`;
  await api.send("POST", "/api/admin/promos", { code: promoCode, percent: 10 });
  const notes = "Please send the code to my second address";
  // A long address, as customers' often are: it must read on one line.
  const email = `nour.bensalah.${tag().toLowerCase()}@correspondance-tunisie.example.com`;
  const order = await placeOrder(request, api, {
    name: "Nour Ben Salah",
    email,
    qty: 2,
    currency: "TND",
    promoCode,
    notes,
  });
  expect(order.status).toBe("pending_payment");
  expect(order.promoCode).toBe(promoCode);
  expect(order.discount).toBeGreaterThan(0);
  const line = order.items[0];
  if (!line) throw new Error("the order has no line");
  const money = (minor: number) => formatMoney(minor, order.currency, "en");

  try {
    await signIn(page);
    await recentRow(page, order.code).click();
    const dialog = page.getByRole("dialog", { name: `Order #${order.code}` });
    await expect(dialog).toBeVisible();

    // Line prices: unit price, quantity and line total, in the order's currency.
    for (const header of ["Product", "Unit price", "Qty", "Line total"])
      await expect(dialog.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    const row = dialog.getByRole("row").filter({ hasText: line.title });
    await expect(row.getByRole("cell")).toHaveText([
      new RegExp(line.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      money(line.unitPrice),
      String(line.qty),
      money(line.lineTotal),
    ]);

    // The sums, the promo and the customer's notes.
    const summary = dialog.getByTestId("order-summary");
    await expect(summary.getByText("Subtotal")).toBeVisible();
    await expect(summary).toContainText(money(order.subtotal));
    await expect(summary).toContainText(`${promoCode} (10%)`);
    await expect(summary).toContainText(money(order.discount));
    await expect(dialog.getByTestId("order-total")).toHaveText(money(order.total));
    await expect(dialog).toContainText("TND");
    await expect(dialog.getByRole("region", { name: "Customer notes" })).toContainText(notes);
    const address = dialog.getByText(email, { exact: true });
    await expect(address).toBeVisible();
    expect(await linesOf(address)).toBe(1);

    // Mark as paid asks first, naming the amount; cancelling changes nothing.
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    const confirm = page.getByRole("dialog", { name: "Mark as paid?" });
    await expect(confirm).toContainText(`Mark order ${order.code} as paid? Total: ${money(order.total)}`);
    // Taking a payment is confirmed in the main colour, as the button that asked: not in the red of a refund.
    const colour = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour(confirm.getByRole("button", { name: "Mark as paid" }))).toBe(
      await colour(dialog.getByRole("button", { name: "Mark as paid" })),
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toContainText("Awaiting payment");
    expect(await orderStatus(api, order.code)).toBe("pending_payment");

    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await confirm.getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(page, "Order marked as paid")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByTestId("order-status")).toHaveText("Paid");
    expect(await orderStatus(api, order.code)).toBe("paid");
  } finally {
    await api.send("DELETE", `/api/admin/promos/${promoCode}`);
  }
});

test("in Arabic the order view and its confirmation read right to left", async ({ page, request, api }) => {
  const order = await placeOrder(request, api, { name: "ليلى التونسي", qty: 1, notes: "اتصل بي مساءً" });
  await signIn(page);
  await inArabic(page);
  await expect(page.getByTestId("metric-growth")).toContainText(/طلبات آخر 7 أيام: \d+؛ الأيام السبعة السابقة: \d+/);
  const row = recentRow(page, order.code);
  await expect(row).toContainText("بانتظار الدفع");
  await row.click();
  const dialog = page.getByRole("dialog", { name: `الطلب #${order.code}` });
  await expect(dialog).toBeVisible();
  for (const header of ["سعر الوحدة", "الكمية", "إجمالي السطر"])
    await expect(dialog.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(dialog.getByRole("region", { name: "ملاحظات العميل" })).toContainText("اتصل بي مساءً");
  // The table's first column starts on the right.
  const [first, last] = await Promise.all([
    dialog.getByRole("columnheader").first().boundingBox(),
    dialog.getByRole("columnheader").last().boundingBox(),
  ]);
  expect(first && last && first.x > last.x).toBe(true);

  await dialog.getByRole("button", { name: "تعليم كمدفوع" }).click();
  const confirm = page.getByRole("dialog", { name: "تعليم كمدفوع؟" });
  await expect(confirm).toContainText(order.code);
  await confirm.getByRole("button", { name: "إلغاء" }).click();
  await expect(confirm).toBeHidden();
  expect(await orderStatus(api, order.code)).toBe("pending_payment");
});

test("the product dialog keeps Save and Cancel in view and scrolls inside itself", async ({ page }) => {
  await signIn(page);
  await openSection(page, "Products");
  await page.getByRole("button", { name: "New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "New Product" });
  await expect(dialog).toBeVisible();
  // Two variants make the form much taller than the screen.
  await dialog.getByRole("button", { name: "Add Variant" }).click();
  await dialog.getByRole("button", { name: "Add Variant" }).click();

  const dialogBox = await dialog.boundingBox();
  expect(dialogBox).not.toBeNull();
  if (dialogBox) {
    expect(dialogBox.y).toBeGreaterThanOrEqual(0);
    expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(TABLET.height);
  }
  const actions = [dialog.getByRole("button", { name: "Save" }), dialog.getByRole("button", { name: "Cancel" })];
  const inView = async () => {
    for (const button of actions) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      if (!box) continue;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(TABLET.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(TABLET.width);
    }
  };
  await inView();

  // The form scrolls inside the dialog, the actions stay: from its first field to its last button and back.
  const name = dialog.getByLabel("Name", { exact: true });
  const addVariant = dialog.getByRole("button", { name: "Add Variant" });
  await dialog.getByLabel("Description", { exact: true }).hover();
  await page.mouse.wheel(0, -4000);
  await expect(name).toBeInViewport({ ratio: 1 });
  await expect(addVariant).not.toBeInViewport();
  await inView();
  await page.mouse.wheel(0, 4000);
  await expect(addVariant).toBeInViewport({ ratio: 1 });
  await expect(name).not.toBeInViewport();
  await inView();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await actions[1]?.click();
  await expect(dialog).toBeHidden();
});

test("the sidebar marks the current section, not Dashboard everywhere", async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  const background = (link: Locator) => link.evaluate((el) => getComputedStyle(el).backgroundColor);
  const dashboard = nav.getByRole("link", { name: "Dashboard", exact: true });
  await expect(dashboard).toHaveAttribute("aria-current", "page");
  const activeBackground = await background(dashboard);

  for (const name of ["Products", "Categories", "Promos", "Settings"]) {
    await openSection(page, name);
    const link = nav.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(dashboard).not.toHaveAttribute("aria-current", /.*/);
    expect(await background(link)).toBe(activeBackground);
    expect(await background(dashboard)).not.toBe(activeBackground);
  }
});

test("in Arabic the sidebar marks the current section", async ({ page }) => {
  await signIn(page);
  await inArabic(page);
  const nav = page.getByRole("navigation", { name: "أقسام الإدارة" });
  await nav.getByRole("link", { name: "الفئات", exact: true }).click();
  await expect(page).toHaveURL(/section=categories/);
  await expect(nav.getByRole("link", { name: "الفئات", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "لوحة التحكم", exact: true })).not.toHaveAttribute("aria-current", /.*/);
});

test("recent orders at 1024 px: one-line dates, whole names and a translated status", async ({
  page,
  request,
  api,
}) => {
  const order = await placeOrder(request, api, { name: "Alexandra Montgomery-Haddad" });
  await signIn(page);
  const row = recentRow(page, order.code);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("order-status")).toHaveText("Awaiting payment");

  // The whole name shows (it may wrap once, it is not cut).
  const name = row.getByText("Alexandra Montgomery-Haddad", { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
    true,
  );
  expect(await linesOf(name)).toBeLessThanOrEqual(2);
  for (const r of await page.getByTestId("recent-orders").getByRole("button").all()) {
    const date = r.locator("time");
    await expect(date).toHaveCount(1);
    expect(await linesOf(date), await r.innerText()).toBe(1);
    expect(await linesOf(r.getByTestId("order-status")), await r.innerText()).toBe(1);
    expect(await r.getByTestId("order-status").innerText()).not.toBe("");
  }
  const box = await row.boundingBox();
  expect(box && box.x + box.width <= TABLET.width).toBe(true);

  // The status follows the language.
  await page.evaluate(() => localStorage.setItem("lang", "fr"));
  await page.reload();
  await expect(recentRow(page, order.code).getByTestId("order-status")).toHaveText("En attente de paiement");
});

test("offline: last known dashboard values, the Offline label leaves when the network returns, and a synced edit is announced", async ({
  page,
  context,
  api,
}) => {
  const code = `OFF${tag()}`;
  await api.send("POST", "/api/admin/promos", { code, percent: 5 });
  try {
    await signIn(page);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    const value = (testId: string) => page.getByTestId(testId).locator(".admin-metric__value");
    await expect(value("metric-products")).not.toHaveText("0");
    const shown = {
      orders: await value("metric-orders").innerText(),
      products: await value("metric-products").innerText(),
    };

    // An edit made offline waits in the outbox.
    await openSection(page, "Promos");
    const promo = page.getByTestId("admin-promo-row").filter({ hasText: code });
    await expect(promo.getByRole("switch")).toBeChecked();
    await context.setOffline(true);
    await promo.getByRole("switch").click();
    await expect(toast(page, "Saved offline; it will be sent when the connection returns")).toBeVisible();
    await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");

    // A reload while offline: the last known numbers, marked as such, not zeros.
    await openSection(page, "Dashboard");
    await page.reload();
    const offlineLabel = page.getByTestId("admin-console").getByRole("banner").getByText("Offline", { exact: true });
    await expect(offlineLabel).toBeVisible();
    await expect(value("metric-products")).toHaveText(shown.products);
    await expect(value("metric-orders")).toHaveText(shown.orders);
    await expect(page.getByTestId("header-total-orders")).toContainText(shown.orders);
    await expect(page.getByTestId("dashboard-stale")).toContainText("Last known values, from");
    await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");

    // Back online: the label goes, the edit reaches the server and says so, the numbers are fresh again.
    await context.setOffline(false);
    await expect(offlineLabel).toBeHidden({ timeout: 10_000 });
    await expect(toast(page, "1 offline change was sent to the server")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("pending-changes")).toHaveCount(0);
    const promos = (await api.get("/api/admin/promos")) as { code: string; active: boolean }[];
    expect(promos.find((p) => p.code === code)?.active).toBe(false);
    await expect(page.getByTestId("dashboard-stale")).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await api.send("DELETE", `/api/admin/promos/${code}`);
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing serious on the admin pages in the ${theme} theme`, async ({ page, request }) => {
    // Eight axe runs: slow on a busy machine.
    test.setTimeout(240_000);
    const api = await apiSession(request);
    const order = await placeOrder(request, api, { name: "Axe Checker", notes: "Checked by axe" });
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const check = async () => {
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expectNoSeriousAxeViolations(page);
      await expectButtonLinksReadable(page);
    };

    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await check();

    await signIn(page);
    await expect(recentRow(page, order.code)).toBeVisible();
    await check();
    await recentRow(page, order.code).click();
    const orderDialog = page.getByRole("dialog", { name: `Order #${order.code}` });
    await expect(orderDialog).toBeVisible();
    await check();
    await orderDialog.getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByRole("dialog", { name: "Mark as paid?" })).toBeVisible();
    await check();
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Cancel" }).click();
    await orderDialog.getByRole("button", { name: "Close" }).click();

    await openSection(page, "Products");
    await expect(page.getByTestId("admin-product-card").first()).toBeVisible();
    await check();
    await page.getByRole("button", { name: "New Product" }).click();
    await expect(page.getByRole("dialog", { name: "New Product" })).toBeVisible();
    await check();
    await page.getByRole("dialog", { name: "New Product" }).getByRole("button", { name: "Cancel" }).click();

    await openSection(page, "Categories");
    await expect(page.getByTestId("admin-category-row").first()).toBeVisible();
    await check();
  });
}
