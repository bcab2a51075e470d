import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { SIGN_IN_TIMEOUT, TABLET, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 90_000 });

test("/admin sends a visitor without a session to the login page", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByLabel("Username")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("a wrong password shows 'Invalid username or password'", async ({ page }) => {
  await page.goto("/admin/login");
  // Not the real account: its failed attempts are throttled, and other specs sign in with it.
  await page.getByLabel("Username").fill("e2e-nobody");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password", { timeout: SIGN_IN_TIMEOUT });
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a network failure shows 'Network error'", async ({ page }) => {
  await page.goto("/admin/login");
  await page.route("**/api/admin/login", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Network error");
});

test("the button reads 'Signing in...' only once a sign-in has been pending 300 ms, and extra clicks send nothing", async ({
  page,
}) => {
  await page.goto("/admin/login");
  let calls = 0;
  await page.route("**/api/admin/login", async (route) => {
    calls++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  // Record when the button's text changes, relative to the submit, inside the page (no timing race with the test).
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>("button[type=submit]");
    const w = window as unknown as { labelLog: [string, number][]; submittedAt: number };
    w.labelLog = [];
    w.submittedAt = 0;
    if (!button) return;
    button.form?.addEventListener("submit", () => (w.submittedAt ||= performance.now()), { capture: true });
    new MutationObserver(() => w.labelLog.push([button.textContent ?? "", performance.now()])).observe(button, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Signing in..." }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: SIGN_IN_TIMEOUT });
  const { labelLog, submittedAt } = await page.evaluate(() => {
    const w = window as unknown as { labelLog: [string, number][]; submittedAt: number };
    return { labelLog: w.labelLog, submittedAt: w.submittedAt };
  });
  const busy = labelLog.find(([text]) => text === "Signing in...");
  expect(busy).toBeDefined();
  expect((busy?.[1] ?? 0) - submittedAt).toBeGreaterThanOrEqual(290);
  expect(calls).toBe(1);
});

test("signing in opens the dashboard; a signed-in operator skips the login page; logout ends the session", async ({
  page,
}) => {
  await signIn(page, { fresh: true });
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  const session = await page.request.get("/api/admin/session");
  expect(session.status()).toBe(401);
});

test("the console follows Arabic: right-to-left with translated labels", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("lang", "ar"));
  await page.goto("/admin/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "تسجيل دخول المسؤول" })).toBeVisible();
  await page.getByLabel("اسم المستخدم").fill(E2E_ADMIN.username);
  await page.getByLabel("كلمة المرور").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: SIGN_IN_TIMEOUT });
  const shell = page.getByTestId("admin-console");
  await expect(shell).toHaveAttribute("dir", "rtl");
  await expect(shell.getByText("إجمالي الطلبات").first()).toBeVisible();
  // The sidebar sits on the right in RTL.
  const nav = await page.getByRole("navigation", { name: "أقسام الإدارة" }).boundingBox();
  expect(nav && nav.x > TABLET.width / 2).toBe(true);
});
