import { expect, test } from "@playwright/test";
import { loadCatalog, productWithoutVariants } from "./catalog.ts";

test("switching to Arabic sets <html dir=rtl> and shows Arabic text, and it persists", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("navigation").getByRole("link", { name: "جميع المنتجات" })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "أقوى العروض" })).toBeVisible();
});

test("switching to French translates the storefront", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Tous les produits" })).toBeVisible();
});

test("the theme toggle flips the theme and keeps it across reloads", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("with nothing stored the theme follows the system preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("changing the currency changes the prices shown", async ({ page, request }) => {
  const product = productWithoutVariants(await loadCatalog(request));
  await page.goto(`/product/${product.id}`);
  const price = page.locator(".price--lg .price__now");
  await expect(price).toContainText("$");
  await page.getByRole("banner").getByLabel("Currency").selectOption("TND");
  await expect(price).toContainText("TND");
  await page.reload();
  await expect(page.locator(".price--lg .price__now")).toContainText("TND");
  expect(await page.evaluate(() => localStorage.getItem("currency"))).toBe("TND");
});
