import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { loadCatalog } from "../storefront/catalog.ts";
import { TABLET, apiSession, currentRate, openSection, signIn, toast } from "./console-helpers.ts";
import { createBanner, createProduct, pngDataUrl, usd } from "./catalog-fixtures.ts";
import { placeOrderByForm } from "../checkout/checkout-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 90_000 });

/** The Security tab's words, as the operator reads them: the specs fill it by its words, so the words are checked too. */
const SECURITY_WORDS = {
  en: { current: "Current Password", next: "New Password", confirm: "Confirm New Password", change: "Change Password" },
  ar: {
    current: "كلمة المرور الحالية",
    next: "كلمة المرور الجديدة",
    confirm: "تأكيد كلمة المرور الجديدة",
    change: "تغيير كلمة المرور",
  },
} as const;

/** Fills the Security tab in `lang` (the current password when given; the confirmation is the new one unless told)
 * and presses its button. */
async function changePassword(
  page: Page,
  lang: "en" | "ar",
  { current, next, confirm = next }: { current?: string; next: string; confirm?: string },
): Promise<void> {
  const words = SECURITY_WORDS[lang];
  if (current !== undefined) await page.getByLabel(words.current).fill(current);
  await page.getByLabel(words.next, { exact: true }).fill(next);
  await page.getByLabel(words.confirm).fill(confirm);
  await page.getByRole("button", { name: words.change }).click();
}

test("the daily rate changes the TND prices the storefront shows", async ({ page, request, api }) => {
  // Its TND price is derived from the daily rate (no TND price of its own).
  const product = await createProduct(api, { price: usd(1234) });
  const before = await currentRate(request);
  const next = before === 4.25 ? 4.5 : 4.25;
  try {
    await page.goto(`/product/${product.id}`);
    const tnd = page.locator('[data-currency="TND"]');
    await expect(tnd).toContainText("TND");
    const shownBefore = (await tnd.textContent()) ?? "";

    await signIn(page);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Daily Rate" }).click();
    const input = page.getByLabel("1 USD equals (TND)");
    await expect(input).toHaveValue(String(before));
    await expect(page.getByText("Updated", { exact: true })).toBeVisible();
    await input.fill(String(next));
    await page.getByRole("button", { name: "Save Rate" }).click();
    await expect(page.getByText("Rate saved")).toBeVisible();
    expect(await currentRate(request)).toBe(next);

    await page.goto(`/product/${product.id}`);
    await page.reload();
    await expect(page.locator('[data-currency="TND"]')).not.toHaveText(shownBefore);
  } finally {
    await api.put("/api/admin/rate", { usdToTnd: before });
    await api.send("DELETE", `/api/admin/products/${product.id}`);
  }
});

test("switching off the newsletter toggle hides the newsletter on the home page", async ({ page, request }) => {
  try {
    await signIn(page);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Site Settings" }).click();
    const toggle = page.getByRole("switch", { name: "Newsletter Section" });
    await expect(page.getByRole("switch", { name: "Premium Section" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Promo Banner" })).toBeVisible();
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully")).toBeVisible();

    await page.goto("/");
    await page.reload();
    await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Never miss a deal" })).toHaveCount(0);
  } finally {
    await (
      await apiSession(request)
    ).put("/api/admin/toggles", { showNewsletter: true, showPremium: true, showPromo: true });
  }
});

/** Opens a settings tab with its read held back, as on a slow line, where a change made before the stored values
 * arrive would be overwritten by them or saved over them: checks that `field` and the tab's submit take none, then
 * lets the read through and waits until they do. */
async function openTabWhileItLoads(
  page: Page,
  { read, tab, field, submit }: { read: string; tab: string; field: Locator; submit: string },
): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${read}`, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await signIn(page);
  await openSection(page, "Settings");
  await page.getByRole("tab", { name: tab }).click();
  const button = page.getByRole("button", { name: submit });
  await expect(field).toBeDisabled();
  await expect(button).toBeDisabled();
  release();
  await expect(field).toBeEnabled();
  await expect(button).toBeEnabled();
}

test("a settings tab takes no change until its stored values have loaded, then shows them", async ({
  page,
  request,
}) => {
  const allOn = { showNewsletter: true, showPremium: true, showPromo: true };
  try {
    await (await apiSession(request)).put("/api/admin/toggles", { ...allOn, showNewsletter: false });
    const toggle = page.getByRole("switch", { name: "Newsletter Section" });
    await openTabWhileItLoads(page, {
      read: "/api/admin/toggles",
      tab: "Site Settings",
      field: toggle,
      submit: "Save Settings",
    });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Promo Banner" })).toBeChecked();
  } finally {
    await (await apiSession(request)).put("/api/admin/toggles", allOn);
  }
});

test("the daily rate takes no change until the stored rate has loaded, then shows it", async ({ page, request }) => {
  const rate = await currentRate(request);
  const input = page.getByLabel("1 USD equals (TND)");
  await openTabWhileItLoads(page, { read: "/api/admin/rate", tab: "Daily Rate", field: input, submit: "Save Rate" });
  await expect(input).toHaveValue(String(rate));
});

test("the password form checks the confirmation first, then the length; the server refuses a common one", async ({
  page,
}) => {
  await signIn(page);
  await openSection(page, "Settings");
  await page.getByRole("tab", { name: "Security" }).click();
  await changePassword(page, "en", { current: "whatever", next: "abc", confirm: "abd" });
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await changePassword(page, "en", { next: "abc" });
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 12 characters");
  // Long enough, but among the passwords guessers try first (whatever its case): refused before the current one is
  // even checked, so the operator's password stays as it is.
  await changePassword(page, "en", { next: "Password1234" });
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(toast(page, "Failed to change password")).toBeVisible();
  await expect(toast(page, "This password is too common. Choose a longer, less predictable one.")).toBeVisible();
});

test("the password refusals are said in Arabic, right to left", async ({ page: signedIn }) => {
  await signIn(signedIn);
  // The same session, in a page that starts in Arabic.
  const page = await signedIn.context().newPage();
  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await page.goto("/admin?section=settings");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("tab", { name: "الأمان" }).click();
  await changePassword(page, "ar", { current: "whatever", next: "short-one" });
  await expect(page.getByRole("alert")).toHaveText("يجب ألا تقل كلمة المرور عن 12 حرفًا");
  await changePassword(page, "ar", { next: "qwerty123456" });
  await expect(toast(page, "كلمة المرور هذه شائعة جدًا. اختر كلمة أطول ويصعب توقعها.")).toBeVisible();
  await expect(page.getByText(/too common/)).toHaveCount(0);
});

test("the profile tab shows the account and saves the full name", async ({ page }) => {
  await signIn(page);
  await openSection(page, "Settings");
  await expect(page.getByLabel("Username")).toHaveValue("admin");
  await page.getByLabel("Full Name").fill("Store Operator");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
});

test("the hero shows the banners in the operator's order, and the page preloads the first one's image", async ({
  page,
  request,
  api,
}) => {
  const catalog = await loadCatalog(request);
  const banners = [...catalog.banners].sort((a, b) => a.position - b.position);
  const last = Math.max(0, ...banners.map((b) => b.position));
  // The test's own banner, with a picture, placed after the others; then moved ahead of them.
  const lead = await createBanner(api, { image: pngDataUrl([252, 94, 109]), position: last + 10 });
  const wasFirst = banners[0];
  try {
    await api.put(`/api/admin/banners/${lead.id}`, { position: 0 });
    if (wasFirst) await api.put(`/api/admin/banners/${wasFirst.id}`, { position: last + 20 });
    const html = await (await request.get("/")).text();
    expect(html).toContain(`<link rel="preload" as="image" href="${lead.image}" fetchpriority="high">`);

    await page.goto("/");
    const hero = page.getByRole("region", { name: "Featured offers" });
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText(lead.title);
    await expect(hero.locator("img").first()).toHaveAttribute("src", lead.image);
  } finally {
    await api.send("DELETE", `/api/admin/banners/${lead.id}`);
    if (wasFirst) await api.put(`/api/admin/banners/${wasFirst.id}`, { position: wasFirst.position });
  }
});

test.describe("payment instructions", () => {
  const instructions = {
    en: "Pay by D17 to 22 123 456, then send the receipt on WhatsApp.",
    fr: "Payez par D17 au 22 123 456, puis envoyez le reçu sur WhatsApp.",
    ar: "ادفع عبر D17 إلى الرقم 22 123 456 ثم أرسل الإيصال عبر واتساب.",
  };

  test("the operator writes them per language; an Arabic shopper on a phone sees them while payment is awaited", async ({
    page,
    browser,
    request,
  }) => {
    try {
      await signIn(page);
      await openSection(page, "Settings");
      await page.getByRole("tab", { name: "Payment" }).click();
      await page.getByLabel("Payment instructions (English)").fill(instructions.en);
      await page.getByLabel("Payment instructions (French)").fill(instructions.fr);
      await page.getByLabel("Payment instructions (Arabic)").fill(instructions.ar);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved successfully")).toBeVisible();
      expect(await (await request.get("/api/admin/payment-instructions")).status()).toBe(401);

      const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
      const shopper = await phone.newPage();
      await shopper.addInitScript(() => localStorage.setItem("lang", "ar"));
      // A manual-delivery product: other specs sell the code stock of automatic ones at the same time.
      const product = (await loadCatalog(request)).products.find(
        (p) => p.variants.length === 0 && p.inStock && p.deliveryMode === "manual",
      );
      await shopper.goto(`/product/${product?.id ?? ""}`);
      await shopper.getByRole("button", { name: "أضف إلى السلة", exact: true }).tap();
      // The cart is written to IndexedDB before the toast shows: leaving the page sooner can lose the line.
      await expect(shopper.getByText("تمت الإضافة إلى السلة").first()).toBeVisible();
      await shopper.goto("/cart");
      await placeOrderByForm(shopper, {
        lang: "ar",
        name: "أميرة بن صالح",
        email: `pay.${Date.now().toString(36)}@example.com`,
        tap: true,
      });

      const steps = shopper.getByRole("navigation", { name: "مراحل الطلب" }).getByRole("listitem");
      await expect(steps.nth(2)).toHaveAttribute("aria-current", "step");
      await expect(steps.nth(2)).toContainText("(بانتظار الدفع)");
      await expect(steps.nth(2)).not.toContainText("✓");
      await expect(shopper.getByRole("heading", { name: "طريقة الدفع" })).toBeVisible();
      await expect(shopper.getByTestId("payment-instructions")).toHaveText(instructions.ar);
      await phone.close();
    } finally {
      await (await apiSession(request)).put("/api/admin/payment-instructions", { en: "", fr: "", ar: "" });
    }
  });
});

test("a new daily rate shows on a TND shopper's wishlist as a price change", async ({ page, request }) => {
  const product = (await loadCatalog(request)).products.find(
    (p) => p.price.TND === 0 && p.price.USD > 0 && p.variants.length === 0,
  );
  expect(product, "a product whose TND price follows the rate").toBeDefined();
  const before = await currentRate(request);
  try {
    await page.addInitScript(() => localStorage.setItem("currency", "TND"));
    await page.goto(`/product/${product?.id ?? ""}`);
    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expect(page.getByTestId("wishlist-badge")).toHaveText("1");
    await page.goto("/wishlist");
    const item = page.getByRole("list", { name: "Saved products" }).getByRole("listitem");
    await expect(item).toContainText("TND");
    await expect(item).not.toContainText("Price");

    await (await apiSession(request)).put("/api/admin/rate", { usdToTnd: before * 2 });
    await page.reload();
    await expect(item).toContainText(/Price went up: it was .*TND.* when you saved it\./);
  } finally {
    await (await apiSession(request)).put("/api/admin/rate", { usdToTnd: before });
  }
});
