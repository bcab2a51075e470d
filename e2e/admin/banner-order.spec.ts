/** The operator on a tablet (iPad Pro 11) puts the home carousel's banners in order: move up and down, online and
 * offline (the moves wait in the outbox and reach the server once back online); the banner form's own details. */
import { expect, type Page } from "@playwright/test";
import type { Banner } from "@store/shared/schemas/catalog";
import { test } from "../api-test.ts";
import { apiSession, openSection, signIn, type ApiSession } from "./console-helpers.ts";
import { createBanner, makePng, tag } from "./catalog-fixtures.ts";
import { expectPending, workerControls } from "./offline-helpers.ts";

test.use({ viewport: { width: 834, height: 1194 }, hasTouch: true });

async function serverOrder(api: ApiSession, ids: readonly string[]): Promise<string[]> {
  const all = (await api.get("/api/admin/banners")) as Banner[];
  return all
    .filter((b) => ids.includes(b.id))
    .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title))
    .map((b) => b.id);
}

async function listOrder(page: Page, ids: readonly string[]): Promise<string[]> {
  const shown = await page
    .getByTestId("admin-banner-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-banner-id") ?? ""));
  return shown.filter((id) => ids.includes(id));
}

test("banners move up and down, online and offline", async ({ page, context, request }) => {
  const api = await apiSession(request);
  const made: Banner[] = [];
  try {
    for (const name of ["Alpha", "Beta", "Gamma"]) made.push(await createBanner(api, { title: `${name} ${tag()}` }));
    const [alpha, beta, gamma] = made.map((b) => b.id) as [string, string, string];
    const ids = [alpha, beta, gamma];
    await signIn(page);
    await openSection(page, "Banners");
    await expect.poll(() => listOrder(page, ids)).toEqual([alpha, beta, gamma]);
    // The list shows titles, not the store's internal ids.
    await expect(page.getByTestId("admin-banner-row").filter({ hasText: made[0]?.title ?? "" })).not.toContainText(
      alpha,
    );

    await page.getByRole("button", { name: `Move up: ${made[2]?.title ?? ""}` }).tap();
    await expect(page.getByText("Banner order saved")).toBeVisible();
    await expect.poll(() => listOrder(page, ids)).toEqual([alpha, gamma, beta]);
    expect(await serverOrder(api, ids)).toEqual([alpha, gamma, beta]);

    // Offline: the move waits, the list already shows it, and it reaches the server once back online.
    await workerControls(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: `Move down: ${made[0]?.title ?? ""}` }).tap();
    await expectPending(page, 2);
    await expect.poll(() => listOrder(page, ids)).toEqual([gamma, alpha, beta]);
    expect(await serverOrder(api, ids)).toEqual([alpha, gamma, beta]);
    await context.setOffline(false);
    await expectPending(page, 0);
    await expect.poll(() => serverOrder(api, ids), { timeout: 20_000 }).toEqual([gamma, alpha, beta]);
  } finally {
    await context.setOffline(false);
    for (const b of made) await api.send("DELETE", `/api/admin/banners/${b.id}`);
  }
});

test("the banner form drops the title's error once typed, and names the uploaded file", async ({ page }) => {
  await signIn(page);
  await openSection(page, "Banners");
  await page.getByRole("button", { name: "Add Banner" }).tap();
  const form = page.getByRole("dialog", { name: "Add Banner" });
  await form.getByRole("button", { name: "Save" }).tap();
  const title = form.getByLabel("Title", { exact: true });
  await expect(form.locator(".ac-field-error").first()).toBeVisible();
  await title.fill("Summer sale");
  await expect(form.locator(".ac-field-error")).toHaveCount(0);

  await form.getByLabel("Upload an image").setInputFiles({
    name: "summer.png",
    mimeType: "image/png",
    buffer: makePng(32),
  });
  await expect(form.getByText("Uploaded: summer.png")).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).tap();
});
