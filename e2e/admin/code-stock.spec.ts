/** The product editor's code stock on a 1024x768 tablet: import by paste and from a 10,000-line file (duplicates
 * within the file and against stock listed by line, with a progress bar), the CSV export of unsold codes, revoking a
 * code, the delivery and low-stock fields, the dashboard's stock read-out, in English and Arabic, and axe. */
import fs from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { createStockProduct, importCodes, stockOf, tag, toast } from "../stock/stock-helpers.ts";
import { TABLET, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET, serviceWorkers: "block" });
test.describe.configure({ timeout: 180_000 });

/** Opens a product's editor from its address (the dashboard's links use it too). */
async function openEditor(page: Page, productId: string, title = "Edit Product"): Promise<Locator> {
  await page.goto(`/admin?section=products&product=${encodeURIComponent(productId)}`);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("imports pasted codes and a 10,000-line file, lists the duplicates by line, exports and revokes", async ({
  page,
  api,
}) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Stock import ${t}` });
  await signIn(page);
  const dialog = await openEditor(page, product.id);
  await expect(dialog.getByRole("radio", { name: "Automatic (codes from stock)" })).toBeChecked();
  await expect(dialog.getByLabel("Low-stock threshold")).toHaveValue("5");
  const panel = dialog.getByTestId("stock-panel");
  await expect(panel.getByRole("table", { name: "Code stock" })).toBeVisible();
  await expect(panel.getByTestId("stock-available")).toHaveText("0");

  // A paste: three codes, a blank line and a repeat of the first.
  await panel.getByLabel("Paste codes").fill(`P${t}-A\n\nP${t}-B\nP${t}-A\nP${t}-C\n`);
  await panel.getByRole("button", { name: "Import codes" }).click();
  const summary = panel.getByTestId("import-summary");
  await expect(summary.getByTestId("import-counts")).toHaveText(
    "3 imported, 1 refused, 1 blank lines ignored, of 5 lines read.",
  );
  await expect(summary).toContainText("Duplicates within the file (1)");
  await expect(summary).toContainText("Line 4 (repeats line 1)");
  await expect(panel.getByTestId("stock-available")).toHaveText("3");
  await expect(panel.getByLabel("Paste codes")).toHaveValue("");

  // A 10,000-line file: line 2,500 repeats line 10 (sent in another part), line 9,999 repeats line 9,998, line
  // 5,000 is a code already in stock, line 7,000 is blank.
  const lines = Array.from({ length: 10_000 }, (_, i) => `F${t}-${String(i + 1).padStart(5, "0")}`);
  lines[2499] = lines[9] ?? "";
  lines[9998] = lines[9997] ?? "";
  lines[4999] = `P${t}-B`;
  lines[6999] = "";
  // The second part waits until the progress bar has been seen at 10%.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let parts = 0;
  await page.route("**/codes/import", async (route) => {
    parts += 1;
    if (parts === 2) await held;
    await route.continue();
  });
  await panel.getByLabel("Or choose a .txt or .csv file").setInputFiles({
    name: "codes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
  });
  await expect(panel.getByTestId("import-file")).toContainText(/codes\.txt: 10,?000 lines/);
  await panel.getByRole("button", { name: "Import codes" }).click();
  const progress = panel.getByTestId("import-progress");
  await expect(progress).toContainText("1000 of 10000 lines sent (10%)");
  await expect(progress.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("value", "10");
  release();
  await expect(summary.getByTestId("import-counts")).toHaveText(
    "9996 imported, 3 refused, 1 blank lines ignored, of 10000 lines read.",
    { timeout: 90_000 },
  );
  expect(parts).toBe(10);
  await expect(summary).toContainText("Duplicates within the file (2)");
  await expect(summary).toContainText("Line 2500 (repeats line 10)");
  await expect(summary).toContainText("Line 9999 (repeats line 9998)");
  await expect(summary).toContainText("Already in stock (1)");
  await expect(summary.getByText("Line 5000", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("stock-available")).toHaveText("9999");
  await expectNoSeriousAxeViolations(page);

  // The export: every unsold code in clear, one a row.
  const download = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export unsold codes (CSV)" }).click();
  const csv = await fs.readFile(await (await download).path(), "utf8");
  const rows = csv.trim().split(/\r?\n/);
  expect(rows[0]).toMatch(/^code,/);
  expect(rows).toHaveLength(1 + 9999);
  expect(csv).toContain(`P${t}-B`);
  expect(csv).toContain(`F${t}-09998`);

  // Revoke the newest available code: it asks first, then the counts follow.
  const list = panel.getByTestId("code-list");
  await expect(list.getByTestId("code-row").first()).toBeVisible();
  const masked = (await list.getByTestId("code-row").first().locator("code").textContent()) ?? "";
  expect(masked).toMatch(/•/);
  await list
    .getByRole("button", { name: `Revoke code ${masked}` })
    .first()
    .click();
  const confirm = page.getByRole("dialog", { name: "Revoke this code?" });
  await expect(confirm).toContainText(masked);
  await confirm.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(toast(page, "Code revoked")).toBeVisible();
  await expect(panel.getByTestId("stock-available")).toHaveText("9998");
  const stock = await stockOf(api, product.id);
  expect(stock.total).toMatchObject({ available: 9998, revoked: 1 });
  // The revoked code is listed as revoked.
  await panel.getByLabel("Show codes that are").selectOption("revoked");
  await expect(list.getByTestId("code-row")).toHaveCount(1);
  await expect(list.getByTestId("code-row")).toContainText(masked);
});

test("in Arabic (dark theme) the stock panel reads right to left and lists a repeated line", async ({ page, api }) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `مخزون ${t}`, codes: [`AR${t}-1`] });
  await signIn(page);
  await page.evaluate(() => {
    localStorage.setItem("lang", "ar");
    localStorage.setItem("theme", "dark");
  });
  const dialog = await openEditor(page, product.id, "تعديل المنتج");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  const panel = dialog.getByTestId("stock-panel");
  await expect(panel.getByRole("heading", { name: "مخزون الرموز" })).toBeVisible();
  await expect(panel.getByRole("columnheader", { name: "متاحة" })).toBeVisible();
  await panel.getByLabel("ألصق الرموز").fill(`AR${t}-2\nAR${t}-2\nAR${t}-1`);
  await panel.getByRole("button", { name: "استيراد الرموز" }).click();
  const summary = panel.getByTestId("import-summary");
  await expect(summary).toContainText("السطر 2 (يكرر السطر 1)");
  await expect(summary).toContainText("موجود في المخزون مسبقًا (1)");
  await expect(panel.getByTestId("stock-available")).toHaveText("2");
  await expectNoSeriousAxeViolations(page);
});

test("a product with options keeps its codes per option", async ({ page, api }) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Options ${t}`, variants: ["Silver", "Gold"] });
  await signIn(page);
  const dialog = await openEditor(page, product.id);
  const panel = dialog.getByTestId("stock-panel");
  const rows = panel.getByRole("table", { name: "Code stock" }).getByTestId("stock-row");
  await expect(rows).toHaveCount(3);
  await panel.getByLabel("Option").selectOption({ label: "Gold" });
  await panel.getByLabel("Paste codes").fill(`G${t}-1\nG${t}-2`);
  await panel.getByRole("button", { name: "Import codes" }).click();
  await expect(panel.getByTestId("import-counts")).toHaveText(
    "2 imported, 0 refused, 0 blank lines ignored, of 2 lines read.",
  );
  await expect(rows.filter({ hasText: "Gold" }).getByTestId("stock-available")).toHaveText("2");
  await expect(rows.filter({ hasText: "Silver" }).getByTestId("stock-available")).toHaveText("0");
  await expect(rows.filter({ hasText: "Total" }).getByTestId("stock-available")).toHaveText("2");
  await expect(panel.getByTestId("code-row").first()).toContainText("Gold");
  const stock = await stockOf(api, product.id);
  expect(stock.variants.find((v) => v.name === "Gold")?.counts.available).toBe(2);
});

test("the dashboard lists low and empty products, each opening its editor", async ({ page, api }) => {
  const t = tag();
  const low = await createStockProduct(api, { title: `Low stock ${t}`, threshold: 3, codes: [`L${t}-1`, `L${t}-2`] });
  const empty = await createStockProduct(api, { title: `Empty stock ${t}` });
  await signIn(page);
  const alerts = page.getByTestId("stock-alerts");
  await expect(alerts.getByRole("heading", { name: "Stock", exact: true })).toBeVisible();
  await expect(alerts.getByTestId("stock-low").getByRole("listitem").filter({ hasText: low.title })).toContainText(
    "2 left (alert at 3)",
  );
  await expect(alerts.getByTestId("stock-empty").getByRole("listitem").filter({ hasText: empty.title })).toContainText(
    "No code left",
  );
  await expectNoSeriousAxeViolations(page);

  await alerts.getByRole("link", { name: low.title }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(low.title);
  await expect(dialog.getByTestId("stock-available")).toHaveText("2");
  await importCodes(api, low.id, [`L${t}-3`, `L${t}-4`]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/section=products$/);

  // Above its threshold the product leaves the list.
  await page.goto("/admin");
  await expect(alerts.getByTestId("stock-empty")).toContainText(empty.title);
  await expect(alerts.getByText(low.title)).toHaveCount(0);

  // In Arabic.
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(alerts.getByRole("heading", { name: "المخزون", exact: true })).toBeVisible();
  await expect(alerts.getByRole("listitem").filter({ hasText: empty.title })).toContainText("لم يتبق أي رمز");
});

test("on a 412x915 phone the stock panel fits in the product dialog", async ({ page, api }) => {
  const t = tag();
  const product = await createStockProduct(api, { title: `Phone stock ${t}`, variants: ["Standard edition", "Gold"] });
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page);
  const dialog = await openEditor(page, product.id);
  const panel = dialog.getByTestId("stock-panel");
  await panel.getByLabel("Paste codes").fill(`PH${t}-1\nPH${t}-1`);
  await panel.getByRole("button", { name: "Import codes" }).click();
  await expect(panel.getByTestId("import-summary")).toContainText("Line 2 (repeats line 1)");
  await expect(panel.getByTestId("code-row")).toHaveCount(1);
  // The stock panel's parts stay inside the dialog (its tables scroll inside themselves).
  const right = ((await dialog.boundingBox())?.x ?? 0) + ((await dialog.boundingBox())?.width ?? 0);
  const overflow = await panel.evaluate((el, limit) => {
    return [...el.querySelectorAll("*")]
      .filter((node) => node.getBoundingClientRect().right > limit + 1 && !node.closest(".admin-table-scroll"))
      .map((node) => `${node.tagName}.${String(node.className)}`);
  }, right);
  expect(overflow).toEqual([]);
  const revoke = panel.getByTestId("code-row").getByRole("button", { name: /^Revoke code / });
  await revoke.scrollIntoViewIfNeeded();
  await expect(revoke).toBeInViewport();
  await expectNoSeriousAxeViolations(page);
});

test("revokes an available code entered by its text, refuses one that is not available, in English and Arabic", async ({
  page,
  api,
}) => {
  const t = tag();
  const leaked = `LEAK-${t}-1`;
  const product = await createStockProduct(api, { title: `Revoke by code ${t}`, codes: [leaked, `KEEP-${t}-2`] });
  await signIn(page);
  const dialog = await openEditor(page, product.id);
  const panel = dialog.getByTestId("stock-panel");
  await expect(panel.getByTestId("stock-available")).toHaveText("2");
  const field = panel.getByLabel("Code to revoke");

  // Nothing entered: said, nothing sent.
  await panel.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText("Enter the code to revoke.");

  // Enter in the field asks first (it does not save the product); backing out changes nothing.
  await field.fill(`  ${leaked} `);
  await field.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Revoke this code?" });
  await expect(confirm).toContainText(`The code ${leaked} will be taken out of stock and never sold.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 2, revoked: 0 });

  await panel.getByRole("button", { name: "Revoke", exact: true }).click();
  await confirm.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(toast(page, "Code revoked")).toBeVisible();
  await expect(field).toHaveValue("");
  await expect(panel.getByTestId("stock-available")).toHaveText("1");
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 1, revoked: 1 });
  await panel.getByLabel("Show codes that are").selectOption("revoked");
  await expect(panel.getByTestId("code-row")).toHaveCount(1);
  await expect(panel.getByTestId("code-row")).toContainText("••••");
  await expectNoSeriousAxeViolations(page);

  // The same code again is no longer available: refused, in the operator's words (the server's code).
  await field.fill(leaked);
  await panel.getByRole("button", { name: "Revoke", exact: true }).click();
  await confirm.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText("No available code of this product matches.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect((await stockOf(api, product.id)).total).toMatchObject({ available: 1, revoked: 1 });

  // In Arabic: the field, the confirmation and the refusal in Arabic, right to left.
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  const ar = await openEditor(page, product.id, "تعديل المنتج");
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  const arPanel = ar.getByTestId("stock-panel");
  await arPanel.getByLabel("الرمز المراد إلغاؤه").fill(`NOPE-${t}`);
  await arPanel.getByRole("button", { name: "إلغاء الرمز", exact: true }).click();
  await page
    .getByRole("dialog", { name: "إلغاء هذا الرمز؟" })
    .getByRole("button", { name: "إلغاء الرمز", exact: true })
    .click();
  await expect(arPanel.getByRole("alert")).toHaveText("لا يطابق أي رمز متاح من هذا المنتج.");
  await expectNoSeriousAxeViolations(page);
});
