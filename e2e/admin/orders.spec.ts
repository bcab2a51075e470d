/** Admin > Orders: every order a page at a time from the server, searched by email start or order code, filtered
 * by state, sorted by total; in English and in Arabic (right to left). */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { loadCatalog } from "../storefront/catalog.ts";
import { TABLET, openSection, signIn, toSecondAndLastPage } from "./console-helpers.ts";
import { checkoutByApi } from "../checkout/checkout-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 120_000 });

/** Places `count` manual-payment orders whose emails start with `prefix`; the i-th (from 1) buys i units. */
async function placeOrders(request: APIRequestContext, prefix: string, count: number): Promise<string[]> {
  const catalog = await loadCatalog(request);
  const product = catalog.products.find((p) => p.inStock && p.variants.length === 0 && p.deliveryMode === "manual");
  if (!product) throw new Error("the demo catalog has no simple manual-delivery product in stock");
  const codes: string[] = [];
  for (let i = 1; i <= count; i++) {
    codes.push(
      await checkoutByApi(request, {
        name: `Orders Buyer ${i}`,
        email: `${prefix}.${i}@example.com`,
        whatsapp: "+216 20 123 456",
        notes: "",
        items: [{ id: product.id, qty: i }],
      }),
    );
  }
  return codes;
}

async function search(page: Page, label: string | RegExp, button: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await page.getByRole("search").getByRole("button", { name: button }).click();
}

test("pages through the orders found by email, sorts by total, filters by state and opens one by code", async ({
  page,
  request,
}) => {
  const prefix = `pager${Date.now().toString(36)}`;
  const codes = await placeOrders(request, prefix, 27);
  await signIn(page);
  await openSection(page, "Orders");
  await expect(page).toHaveURL(/section=orders/);
  await expect(page.getByRole("heading", { name: "Orders", level: 2 })).toBeVisible();

  await search(page, "Order code or email", "Search", prefix.toUpperCase());
  const list = page.getByTestId("orders-list");
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(25);
  // Newest first: the last order placed leads.
  await expect(rows.first()).toContainText(`#${codes[26]}`);
  const pager = await toSecondAndLastPage(page, "orders");
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText(`#${codes[0]}`);
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(rows).toHaveCount(25);

  await page.getByLabel("Sort by").selectOption({ label: "Lowest total" });
  await expect(page.getByTestId("orders-page")).toHaveText("Page 1");
  await expect(rows.first()).toContainText(`#${codes[0]}`);
  await expect(rows.first()).toContainText("1 item");
  await page.getByLabel("Sort by").selectOption({ label: "Highest total" });
  await expect(rows.first()).toContainText(`#${codes[26]}`);
  await expect(rows.first()).toContainText("27 items");

  await page.getByLabel("Status").selectOption({ label: "Cancelled" });
  await expect(page.getByTestId("orders-empty")).toHaveText("No order matches this search.");
  await page.getByLabel("Status").selectOption({ label: "Awaiting payment" });
  await expect(rows).toHaveCount(25);

  const code = codes[13] ?? "";
  await search(page, "Order code or email", "Search", code.toLowerCase());
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: `Order #${code}` });
  await expect(dialog).toContainText(`${prefix}.14@example.com`);
  await dialog.getByRole("button", { name: "Close" }).click();
});

test("in Arabic the orders list reads right to left and finds an order by email", async ({ page, request }) => {
  const prefix = `arorders${Date.now().toString(36)}`;
  const [code] = await placeOrders(request, prefix, 1);
  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await signIn(page);
  await page.goto("/admin?section=orders");
  await expect(page.getByRole("heading", { name: "الطلبات", level: 2 })).toBeVisible();
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  await search(page, "رمز الطلب أو البريد الإلكتروني", "بحث", prefix);
  const rows = page.getByTestId("orders-list").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${code}`);
  await expect(page.getByTestId("orders-page")).toHaveText("الصفحة 1");
});
