/** The operator's product and category editors on a tablet (834x1194): no price of 0 reaches shoppers, platform and
 * region picked in the console are what the storefront's search chips find, and each required field says its own
 * sentence (in Arabic too). */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { Product } from "@store/shared/schemas/catalog";
import { round2 } from "@store/shared/currency";
import { allAdminProducts, currentRate, signIn, toast } from "./console-helpers.ts";

test.use({ viewport: { width: 834, height: 1194 } });
test.describe.configure({ timeout: 120_000 });
// Every test is the operator's, in the console.
test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Opens the search overlay with Ctrl+K as a shopper would: pressed again while the page is still the server's and the
 * app has not yet taken over (its header listens for the keys), as a shopper presses again when nothing happens. */
async function openSearch(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

async function newProductForm(page: Page) {
  await page.goto("/admin?section=products");
  await page.getByRole("button", { name: "New Product" }).click();
  const form = page.getByRole("dialog", { name: "New Product" });
  await expect(form).toBeVisible();
  return form;
}

test("a price of 0 is refused with the field's error, and prices typed quickly are all filled on Save", async ({
  page,
  request,
  api,
}) => {
  const rate = await currentRate(request);
  const refused = `E2E zero ${tag()}`;

  // An option whose prices were never typed: refused beside its USD box, and nothing is created.
  let form = await newProductForm(page);
  await form.getByLabel("Name", { exact: true }).fill(refused);
  await form.getByRole("group", { name: "Base Price" }).getByLabel("USD").fill("5");
  await form.getByRole("button", { name: "Add Variant" }).click();
  await form.getByTestId("variant").getByLabel("Variant name").fill("Large");
  await form.getByRole("button", { name: "Save" }).click();
  const variantPrice = form.getByTestId("variant").getByRole("group", { name: "Variant price" });
  await expect(variantPrice.getByText('Option "Large": the price in USD cannot be 0.')).toBeVisible();
  await expect(variantPrice.getByLabel("USD")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toBeVisible();
  // The server refuses the same body on its own, with the same field named.
  const direct = await page.request.post("/api/admin/products", {
    data: { title: refused, variants: [{ name: "Large", price: { TND: 3200 } }] },
    headers: { "X-CSRF-Token": await csrfToken(page) },
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { fields: Record<string, string> }).fields).toEqual({
    "variants.0.price.USD": 'Option "Large": price in USD cannot be 0',
  });
  expect((await allAdminProducts(api)).filter((p) => p.title === refused)).toHaveLength(0);
  await form.getByRole("button", { name: "Cancel" }).click();

  // TND typed in the base row and then in an option's, and Save pressed at once: both rows leave converted.
  const quick = `E2E quick ${tag()}`;
  form = await newProductForm(page);
  await form.getByLabel("Name", { exact: true }).fill(quick);
  await form.getByRole("group", { name: "Base Price" }).getByLabel("TND").fill("32");
  await form.getByRole("button", { name: "Add Variant" }).click();
  const variant = form.getByTestId("variant");
  await variant.getByLabel("Variant name").fill("Deluxe");
  await variant.getByLabel("TND").fill("64");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product created")).toBeVisible();
  const made = (await allAdminProducts(api)).find((p) => p.title === quick) as Product;
  expect(made.price.USD).toBe(Math.round(round2(32 / rate) * 100));
  expect(made.variants.map((v) => [v.name, v.price.USD, v.price.TND])).toEqual([
    ["Deluxe", Math.round(round2(64 / rate) * 100), 64_000],
  ]);
  await api.send("DELETE", `/api/admin/products/${made.id}`);
});

async function csrfToken(page: Page): Promise<string> {
  const res = await page.request.get("/api/admin/session");
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

test("a product made with platform PS and region EU is found by the search's PS and EU chips, its row showing them", async ({
  page,
  api,
}) => {
  const title = `E2E Chips ${tag()}`;
  const form = await newProductForm(page);
  await form.getByLabel("Name", { exact: true }).fill(title);
  await form.getByLabel("Tagline", { exact: true }).fill("Made for the chips");
  await form.getByLabel("Platform").selectOption("PS");
  await form.getByLabel("Region").selectOption("EU");
  await form.getByRole("group", { name: "Base Price" }).getByLabel("USD").fill("12");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product created")).toBeVisible();
  const made = (await allAdminProducts(api)).find((p) => p.title === title) as Product;
  expect(made).toMatchObject({ platform: "PS", region: "EU", tagline: "Made for the chips" });

  await page.goto("/");
  // The console synced this origin's catalog already: wait for the storefront itself (its header listens for Ctrl+K).
  await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link").first()).toBeVisible();
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
  const dialog = await openSearch(page);
  await expect(dialog).toHaveAccessibleName("Search products");
  await dialog.getByRole("combobox", { name: "Search products" }).fill("E2E Chips");
  const options = dialog.getByRole("listbox").getByRole("option").filter({ hasText: title });
  await expect(options).toHaveCount(1);
  await dialog.getByRole("button", { name: "PS", exact: true }).click();
  await dialog.getByRole("button", { name: "EU", exact: true }).click();
  await expect(options).toHaveCount(1);
  await expect(options).toContainText("PS · EU");
  // Another platform's chip leaves it out.
  await dialog.getByRole("button", { name: "PS", exact: true }).click();
  await dialog.getByRole("button", { name: "Xbox", exact: true }).click();
  await expect(options).toHaveCount(0);

  // The product page shows the platform and the tagline.
  await page.goto(`/product/${made.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".chip", { hasText: /^PS$/ }).first()).toBeVisible();
  await api.send("DELETE", `/api/admin/products/${made.id}`);
});

test("the category form says 'Category name is required' on create and on update, and in Arabic", async ({ page }) => {
  await page.goto("/admin?section=categories");
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByRole("alert").getByText("Category name is required")).toBeVisible();
  await expect(page.getByText("This field is required.")).toHaveCount(0);

  await page.getByTestId("admin-category-row").first().getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit category" });
  await edit.getByLabel("Category name").fill("  ");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(edit.getByText("Category name is required")).toBeVisible();
  await edit.getByRole("button", { name: "Cancel" }).click();

  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.goto("/admin?section=categories");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "إضافة فئة" }).click();
  await expect(page.getByRole("alert").getByText("اسم الفئة مطلوب")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("lang", "en"));
});

test("titles typed in French and Arabic on a tablet reach shoppers in their language: card, product page and search", async ({
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const key = tag();
  const title = `E2E Languages ${key}`;
  const french = `Carte langues ${key}`;
  const arabic = `بطاقة اللغات ${key}`;
  const form = await newProductForm(page);
  await form.getByLabel("Name", { exact: true }).fill(title);
  await form.getByLabel("Category", { exact: true }).selectOption("cat-gift-cards");
  await form.getByRole("group", { name: "Base Price" }).getByLabel("USD").fill("9");
  await form.getByLabel("Name (French)").fill(french);
  await form.getByLabel("Tagline (French)").fill("Livraison immédiate");
  await form.getByLabel("Name (Arabic)").fill(arabic);
  await expect(form.getByLabel("Name (Arabic)")).toHaveAttribute("dir", "rtl");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product created")).toBeVisible();
  const made = (await allAdminProducts(api)).find((p) => p.title === title) as Product;
  expect(made.translations).toEqual({ fr: { title: french, tagline: "Livraison immédiate" }, ar: { title: arabic } });

  // The operator opens it again: the translations are in the form.
  await page.getByTestId("admin-product-card").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Name (Arabic)")).toHaveValue(arabic);
  await edit.getByRole("button", { name: "Cancel" }).click();

  const shopper = async (lang: "ar" | "fr", shown: string, query: string) => {
    await page.evaluate((l) => localStorage.setItem("lang", l), lang);
    await page.goto("/category/gift-cards");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
    const card = page.getByRole("article").filter({ hasText: shown });
    await expect(card).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
    await page.goto(`/product/${made.id}`);
    await expect(page.getByRole("heading", { level: 1, name: shown })).toBeVisible();
    const dialog = await openSearch(page);
    await dialog.locator("input.search-overlay__input").fill(query);
    await expect(dialog.getByRole("listbox").getByRole("option").filter({ hasText: shown })).toHaveCount(1);
  };
  await shopper("ar", arabic, `اللغات ${key}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await shopper("fr", french, `carte langues ${key}`);
  await page.evaluate(() => localStorage.setItem("lang", "en"));
  await api.send("DELETE", `/api/admin/products/${made.id}`);
});
