/** Admin > Promos: a code's last day and usage limit (so a leaked code stops working), set when adding, shown on its
 * row, edited and cleared; and the same panel in Arabic, right to left. */
import { expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { apiSession, openSection, signIn, toast } from "./console-helpers.ts";

const uniqueCode = (tag: string) => `${tag}${Date.now().toString(36).toUpperCase()}`;

test("adds a promo with a last day and a usage limit, shows them, edits and clears them", async ({ page }) => {
  const code = uniqueCode("LIM");
  await signIn(page);
  await openSection(page, "Promos");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Promo" }) });
  await form.getByLabel("Promo code").fill(code);
  await form.getByLabel("Percent", { exact: true }).fill("20");
  await form.getByLabel("Valid until").fill("2031-12-31");
  await form.getByLabel("Usage limit").fill("0");
  await form.getByRole("button", { name: "Add Promo" }).click();
  await expect(page.getByText("Enter a usage limit from 1 to 1,000,000, or leave it empty.")).toBeVisible();
  await form.getByLabel("Usage limit").fill("3");
  await form.getByRole("button", { name: "Add Promo" }).click();
  await expect(toast(page, "Promo added")).toBeVisible();

  const row = page.getByTestId("admin-promo-row").filter({ hasText: code });
  await expect(row.getByText("Used 0 of 3 times")).toBeVisible();
  await expect(row.getByText("Valid until Dec 31, 2031")).toBeVisible();
  await expect(row.getByLabel(`Last day for ${code}`)).toHaveValue("2031-12-31");
  await expect(row.getByLabel(`Usage limit for ${code}`)).toHaveValue("3");
  await expectNoSeriousAxeViolations(page);

  // Changed: one more use allowed, a day earlier.
  await row.getByLabel(`Usage limit for ${code}`).fill("4");
  await row.getByLabel(`Last day for ${code}`).fill("2031-12-30");
  await row.getByRole("button", { name: "Save limits" }).click();
  await expect(toast(page, "Promo updated")).toBeVisible();
  const edited = page.getByTestId("admin-promo-row").filter({ hasText: code });
  await expect(edited.getByText("Used 0 of 4 times")).toBeVisible();
  await expect(edited.getByText("Valid until Dec 30, 2031")).toBeVisible();

  // Cleared: no end, no cap.
  await edited.getByLabel(`Usage limit for ${code}`).fill("");
  await edited.getByLabel(`Last day for ${code}`).fill("");
  await edited.getByRole("button", { name: "Save limits" }).click();
  await expect(edited.getByText("No end date")).toBeVisible();
  await expect(edited.getByText("Used 0 times")).toBeVisible();
  const promos = (await (await page.request.get("/api/admin/promos")).json()) as {
    code: string;
    expiresAt: number | null;
    maxUses: number | null;
  }[];
  expect(promos.find((p) => p.code === code)).toMatchObject({ expiresAt: null, maxUses: null });
});

test("shows a used-up, expired promo's limits in Arabic, right to left", async ({ page, request }) => {
  const code = uniqueCode("AR");
  const api = await apiSession(request);
  await api.send("POST", "/api/admin/promos", { code, percent: 5, expiresAt: Date.now() - 60_000, maxUses: 5 });
  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await signIn(page);
  await page.goto("/admin?section=promos");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const row = page.getByTestId("admin-promo-row").filter({ hasText: code });
  await expect(row.getByText("استُخدم 0 من أصل 5 مرة")).toBeVisible();
  await expect(row.getByText(/^صالح حتى /)).toBeVisible();
  await expect(row.getByText("منتهية الصلاحية")).toBeVisible();
  await expect(row.getByRole("button", { name: "حفظ الحدود" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save limits" })).toHaveCount(0);
});
