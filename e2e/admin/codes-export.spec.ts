/** The stock panel's two exports on a tablet: the CSV for spreadsheets guards codes that start like a formula, the
 * text file keeps every code exactly, and the hint says which is which. */
import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { createStockProduct, tag } from "../stock/stock-helpers.ts";
import { TABLET, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET, serviceWorkers: "block" });

test("exports formula-like codes guarded as CSV and exact as text", async ({ page, api }) => {
  const t = tag();
  const codes = [`=1+${t}`, `+${t}`, `-${t}`, `@${t}`, `PLAIN-${t}`];
  const product = await createStockProduct(api, { title: `Export ${t}`, codes });
  await signIn(page);
  await page.goto(`/admin?section=products&product=${encodeURIComponent(product.id)}`);
  const panel = page.getByRole("dialog", { name: "Edit Product" }).getByTestId("stock-panel");
  await expect(panel.getByTestId("export-hint")).toHaveText(
    "The CSV is for spreadsheets: a code that starts with =, +, - or @ gets an apostrophe in front, so the spreadsheet shows it instead of running it. The text file has the exact codes, one a line.",
  );

  const csvDownload = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export unsold codes (CSV)" }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe(`codes-${product.id}.csv`);
  const firstCells = (await fs.readFile(await csvFile.path(), "utf8"))
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => row.split(",")[0]);
  expect(firstCells.sort()).toEqual([`'+${t}`, `'-${t}`, `'=1+${t}`, `'@${t}`, `PLAIN-${t}`].sort());

  const txtDownload = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export exact codes (text)" }).click();
  const txtFile = await txtDownload;
  expect(txtFile.suggestedFilename()).toBe(`codes-${product.id}.txt`);
  const lines = (await fs.readFile(await txtFile.path(), "utf8")).split("\n").filter(Boolean);
  expect(lines.sort()).toEqual([...codes].sort());
});
