/** Admin > Orders on an 834x1194 tablet: 'Download CSV' saves every order matching the list's filters (not only the
 * page shown) and 'Sales CSV' their orders and revenue per day; in English and in Arabic. */
import fs from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { apiSession, openSection, signIn } from "./console-helpers.ts";
import { createStockProduct, placeOrder, tag } from "../stock/stock-helpers.ts";
import { checkoutByApi } from "../checkout/checkout-helpers.ts";

test.use({ viewport: { width: 834, height: 1194 } });
test.describe.configure({ timeout: 120_000 });

/** The downloaded file's bytes and its rows as cells (the cells of these orders hold no comma). */
async function read(download: Download): Promise<{ bytes: Buffer; rows: string[][] }> {
  const bytes = await fs.readFile(await download.path());
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const rows = text
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
  return { bytes, rows };
}

async function download(page: Page, name: string): Promise<Download> {
  const waiting = page.waitForEvent("download");
  await page.getByRole("link", { name, exact: true }).click();
  return waiting;
}

test("Download CSV saves only the orders of the chosen state, every page of them", async ({ page, request }) => {
  const api = await apiSession(request);
  const id = tag();
  const product = await createStockProduct(api, { title: `CSV Export ${id}`, manual: true });
  const prefix = `csv${Date.now().toString(36)}`;
  const codes: string[] = [];
  for (let i = 1; i <= 28; i++)
    codes.push(await placeOrder(request, [{ id: product.id, qty: i }], `${prefix}.${i}@example.com`));
  // Two of them cancelled, 26 still awaiting payment: more than the list's page of 25.
  const cancelled = [codes[0] ?? "", codes[2] ?? ""];
  for (const code of cancelled) await api.send("POST", `/api/admin/orders/${code}/cancel`, {});

  await signIn(page);
  await openSection(page, "Orders");
  await page.getByLabel("Status").selectOption("cancelled");
  await expect(page.getByTestId("orders-list").getByRole("listitem").first()).toBeVisible();

  // The state alone: every cancelled order of the store, ours among them, no other state.
  const all = await read(await download(page, "Download CSV"));
  expect(all.rows[0]?.join(",")).toBe(
    "code,date,status,name,email,whatsapp,currency,subtotal,discount,total,promo_code,payment_provider,items",
  );
  expect(all.rows.length).toBeGreaterThan(2);
  for (const row of all.rows.slice(1)) expect(row[2], row.join(",")).toBe("cancelled");
  const listed = all.rows.map((row) => row[0]);
  for (const code of cancelled) expect(listed).toContain(code);
  for (const code of [codes[1], codes[3]]) expect(listed).not.toContain(code);

  // With the search too: exactly our two, newest first, each with its amounts and items.
  await page.getByLabel("Order code or email").fill(prefix);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("orders-list").getByRole("listitem")).toHaveCount(2);
  const ours = await read(await download(page, "Download CSV"));
  expect(ours.rows.slice(1).map((row) => row[0])).toEqual([codes[2], codes[0]]);
  const [third] = ours.rows.slice(1);
  expect(third?.slice(2, 10)).toEqual([
    "cancelled",
    "Stock Tester",
    `${prefix}.3@example.com`,
    "'+216 20 555 123",
    "USD",
    "15.00",
    "0.00",
    "15.00",
  ]);
  expect(third?.[12]).toBe(`CSV Export ${id} × 3`);

  // The sales of the same orders: one day, in dollars, two orders, no revenue (none was paid).
  const sales = await read(await download(page, "Sales CSV"));
  expect(sales.rows[0]).toEqual(["day", "currency", "orders", "revenue"]);
  expect(sales.rows.slice(1).map((row) => row.slice(1))).toEqual([["USD", "2", "0.00"]]);

  // Awaiting payment: the list shows a page of 25, the file all 26.
  await page.getByLabel("Status").selectOption("pending_payment");
  await expect(page.getByTestId("orders-list").getByRole("listitem")).toHaveCount(25);
  const pending = await read(await download(page, "Download CSV"));
  const expected = codes.filter((code) => !cancelled.includes(code)).sort();
  expect(
    pending.rows
      .slice(1)
      .map((row) => row[0] ?? "")
      .sort(),
  ).toEqual(expected);
  for (const row of pending.rows.slice(1)) expect(row[2]).toBe("pending_payment");
});

test("in Arabic the downloads carry an Arabic name readable by a spreadsheet (UTF-8 with a BOM)", async ({
  page,
  request,
}) => {
  const api = await apiSession(request);
  const product = await createStockProduct(api, { title: `CSV Arabic ${tag()}`, manual: true });
  const email = `csvar${Date.now().toString(36)}@example.com`;
  const code = await checkoutByApi(request, {
    name: "سلمى حداد",
    email,
    currency: "TND",
    items: [{ id: product.id, qty: 1 }],
  });

  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await signIn(page);
  await page.goto("/admin?section=orders");
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("رمز الطلب أو البريد الإلكتروني").fill(email);
  await page.getByRole("search").getByRole("button", { name: "بحث" }).click();
  await expect(page.getByTestId("orders-list").getByRole("listitem")).toHaveCount(1);

  const file = await read(await download(page, "تنزيل CSV"));
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.rows.slice(1).map((row) => [row[0], row[3], row[6]])).toEqual([[code, "سلمى حداد", "TND"]]);
  const sales = await read(await download(page, "CSV المبيعات"));
  expect(sales.rows.slice(1).map((row) => row.slice(1, 3))).toEqual([["TND", "1"]]);
});
