/** Admin > Settings > Alerts (docs/operations.md "Operator alerts"): the operator turns Telegram off for low stock,
 * sets the digest window, saves, and finds it so after a reload; the server says which channels it is not set up for;
 * the same tab in Arabic, right to left. */
import { expect } from "@playwright/test";
import { DEFAULT_ALERT_SETTINGS } from "@store/shared/schemas/operator-alerts";
import { test } from "../api-test.ts";
import { TABLET, apiSession, openSection, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET });

test("the operator chooses which alerts go where, in English and in Arabic", async ({ page, request }) => {
  try {
    await signIn(page);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Alerts" }).click();
    // The test server has no Telegram bot: the tab says so.
    await expect(page.getByTestId("alerts-no-telegram")).toContainText("TELEGRAM_BOT_TOKEN");
    const lowStockTelegram = page.getByTestId("alert-low_stock-telegram").getByRole("switch");
    await expect(lowStockTelegram).toBeChecked();
    await lowStockTelegram.uncheck();
    await page.getByLabel("Gather alerts for (minutes)").fill("15");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully")).toBeVisible();
    const saved = (await (await apiSession(request)).get("/api/admin/alert-settings")) as {
      settings: typeof DEFAULT_ALERT_SETTINGS;
    };
    expect(saved.settings.windowMinutes).toBe(15);
    expect(saved.settings.kinds.low_stock).toEqual({ email: true, telegram: false });

    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto("/admin?section=settings");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("tab", { name: "التنبيهات" }).click();
    await expect(page.getByLabel("جمع التنبيهات خلال (دقائق)")).toHaveValue("15");
    await expect(page.getByTestId("alert-low_stock-telegram").getByRole("switch")).not.toBeChecked();
    await expect(page.getByTestId("alert-kind-payment_unmatched")).toContainText("دفعات بلا طلب");
    await expect(page.getByTestId("alerts-no-telegram")).toContainText("تيليغرام غير مُعدّ على الخادم");
  } finally {
    await (await apiSession(request)).put("/api/admin/alert-settings", DEFAULT_ALERT_SETTINGS);
    await page.evaluate(() => localStorage.removeItem("lang")).catch(() => undefined);
  }
});
