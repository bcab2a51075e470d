import { expect, test } from "@playwright/test";
import { TABLET, apiSession, currentRate, openSection, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 90_000 });

test("a rate saved offline waits as a pending change and is applied when the network returns", async ({
  page,
  context,
  request,
}) => {
  const before = await currentRate(request);
  const next = before === 3.75 ? 3.8 : 3.75;
  try {
    await signIn(page);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Daily Rate" }).click();
    await expect(page.getByLabel("1 USD equals (TND)")).toHaveValue(String(before));

    await context.setOffline(true);
    await page.getByLabel("1 USD equals (TND)").fill(String(next));
    await page.getByRole("button", { name: "Save Rate" }).click();
    await expect(page.getByText("Saved offline; it will be sent when the connection returns")).toBeVisible();
    const badge = page.getByTestId("pending-changes");
    await expect(badge).toHaveText("1 pending change");
    await badge.click();
    const panel = page.getByRole("dialog", { name: "Pending changes" });
    await expect(panel).toContainText(`Daily rate: 1 USD = ${next} TND`);
    await expect(panel).toContainText("Waiting to be sent");
    await panel.getByRole("button", { name: "Close" }).click();
    expect(await currentRate(request)).toBe(before);

    await context.setOffline(false);
    await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => currentRate(request)).toBe(next);
  } finally {
    await context.setOffline(false);
    await (await apiSession(request)).put("/api/admin/rate", { usdToTnd: before });
  }
});

test("a toggle saved offline survives until the network returns", async ({ page, context, request }) => {
  try {
    await signIn(page);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Site Settings" }).click();
    const promo = page.getByRole("switch", { name: "Promo Banner" });
    await expect(promo).toBeChecked();
    await context.setOffline(true);
    await promo.uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByTestId("pending-settings.toggles")).toBeVisible();
    await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");
    await context.setOffline(false);
    await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(
        async () =>
          ((await (await request.get("/api/sync?since=0")).json()) as { settings: { toggles: { showPromo: boolean } } })
            .settings.toggles.showPromo,
      )
      .toBe(false);
  } finally {
    await context.setOffline(false);
    await (
      await apiSession(request)
    ).put("/api/admin/toggles", { showNewsletter: true, showPremium: true, showPromo: true });
  }
});
