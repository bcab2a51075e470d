/** Refusals and field errors in the operator's language (docs/decisions.md D29): a product form's
 * validation in English and French, a duplicate promo code refused by the server in English and Arabic, and the
 * login-throttled message in Arabic. */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { throttle } from "../throttle.ts";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { SIGN_IN_TIMEOUT, TABLET, signIn, toast } from "./console-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 90_000 });

const inLanguage = (page: Page, lang: "en" | "fr" | "ar") =>
  page.addInitScript((l) => window.localStorage.setItem("lang", l), lang);

async function productFormWithDiscount(page: Page, labels: { newProduct: string; name: string; discount: string }) {
  await signIn(page);
  await page.goto("/admin?section=products");
  await page.getByRole("button", { name: labels.newProduct }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(labels.name, { exact: true }).fill(`E2E discount ${Date.now().toString(36)}`);
  await dialog.getByLabel(labels.discount).fill("150");
  return dialog;
}

const DISCOUNT_FORMS = [
  {
    language: "English",
    lang: "en",
    labels: { newProduct: "New Product", name: "Name", discount: "Discount %" },
    save: "Save",
    refusal: "Enter a number of 100 or less.",
  },
  {
    language: "French",
    lang: "fr",
    labels: { newProduct: "Nouveau produit", name: "Nom", discount: "Remise %" },
    save: "Enregistrer",
    refusal: "Saisissez un nombre inférieur ou égal à 100.",
  },
] as const;

for (const form of DISCOUNT_FORMS) {
  test(`a discount out of range is explained under its field, in ${form.language}`, async ({ page }) => {
    await inLanguage(page, form.lang);
    const dialog = await productFormWithDiscount(page, form.labels);
    await dialog.getByRole("button", { name: form.save }).click();
    await expect(dialog.getByText(form.refusal)).toBeVisible();
    await expect(dialog.getByLabel(form.labels.discount)).toHaveAttribute("aria-invalid", "true");
    if (form.lang !== "en") await expect(dialog.getByText(/between 0 and 100|or less/)).toHaveCount(0);
  });
}

async function addDuplicatePromo(page: Page, code: string, labels: { code: string; percent: string; add: string }) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: labels.add }) });
  await form.getByLabel(labels.code).fill(code.toLowerCase());
  await form.getByLabel(labels.percent, { exact: true }).fill("10");
  await form.getByRole("button", { name: labels.add }).click();
}

test("a promo code that already exists is refused by the server and said in English and in Arabic", async ({
  page,
  api,
}) => {
  const code = `DUP${Date.now().toString(36).toUpperCase()}`;
  await api.send("POST", "/api/admin/promos", { code, percent: 5 });

  await inLanguage(page, "en");
  await signIn(page);
  await page.goto("/admin?section=promos");
  await addDuplicatePromo(page, code, { code: "Promo code", percent: "Percent", add: "Add Promo" });
  await expect(toast(page, "Failed to add promo")).toBeVisible();
  await expect(toast(page, `The promo code ${code} already exists.`)).toBeVisible();

  // The same session, in a page that starts in Arabic.
  const ar = await page.context().newPage();
  await inLanguage(ar, "ar");
  await ar.goto("/admin?section=promos");
  await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
  await addDuplicatePromo(ar, code, { code: "رمز الخصم", percent: "النسبة", add: "إضافة رمز ترويجي" });
  await expect(toast(ar, "تعذّرت إضافة الرمز الترويجي")).toBeVisible();
  await expect(toast(ar, `رمز الخصم ${code} موجود بالفعل.`)).toBeVisible();
  await expect(ar.getByText(/already exists/)).toHaveCount(0);
});

test("the sign-in page offers the console's languages: Arabic reads right to left", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "تسجيل دخول المسؤول" })).toBeVisible();
  await expect(page.getByLabel("اسم المستخدم")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "تسجيل دخول المسؤول" })).toBeVisible();
});

test("a throttled sign-in says how long to wait, in Arabic", async ({ page }) => {
  await inLanguage(page, "ar");
  // The real throttle would also hold back the other specs signing in from this address: the answer is the server's
  // 429 body as sent (code, params and retryAfter beside its English).
  await throttle(page, "**/api/admin/login", 90, { error: "Too many login attempts. Please try again later." });
  await page.goto("/admin/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("اسم المستخدم").fill(E2E_ADMIN.username);
  await page.getByLabel("كلمة المرور").fill("wrong-password");
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page.getByRole("alert")).toHaveText("محاولات كثيرة جدًا. يرجى المحاولة مجددًا بعد 2 د.", {
    timeout: SIGN_IN_TIMEOUT,
  });
});
