/** Admin catalog panels on a tablet: categories, a product with an uploaded image, TND auto-fill and a variant
 * (seen on the storefront, edited with a version conflict, deleted), banners, promos, and one check in Arabic. */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { makePng } from "./catalog-fixtures.ts";
import { deleteThroughDialog, toast } from "./console-helpers.ts";
import { categoryNamed } from "./offline-helpers.ts";

test.use({ viewport: { width: 1024, height: 768 } });

const png = { name: "cover.png", mimeType: "image/png", buffer: makePng() };

async function login(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/?(\?.*)?$/);
}

async function openSection(page: Page, section: string): Promise<void> {
  await page.goto(`/admin?section=${section}`);
}

async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/admin/session");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Deletes the row's entity (a "Category", a "Banner", a "Promo"), confirmed, and sees it go: the toast, then no row. */
async function deleteAndSeeGone(page: Page, row: Locator, noun: "Category" | "Banner" | "Promo"): Promise<void> {
  await deleteThroughDialog(page, row, `Delete ${noun.toLowerCase()}?`);
  await expect(toast(page, `${noun} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
}

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test("categories, then a product with an image, a TND price and a variant: created, seen, edited, deleted", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = suffix();
  const parentName = `E2E Games ${tag}`;
  const childName = `E2E Keys ${tag}`;
  const title = `E2E Product ${tag}`;
  await login(page);

  // ---- Categories ----
  await openSection(page, "categories");
  await expect(page.getByRole("heading", { name: "Category Management" })).toBeVisible();
  await expect(page.getByText("Categories & Subcategories")).toBeVisible();
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByRole("alert").getByText("Category name is required")).toBeVisible();

  await page.getByLabel("Category name").fill(parentName);
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(toast(page, "Category added")).toBeVisible();
  const parentRow = page.getByTestId("admin-category-row").filter({ hasText: parentName });
  await expect(parentRow).toBeVisible();
  await expect(page.getByText(/^\d+ total categories$/)).toBeVisible();

  const [parent] = await categoryNamed(page.request, parentName);
  expect(parent).toBeDefined();
  await page.getByLabel("Parent category").selectOption(parent?.id ?? "");
  await expect(page.getByRole("button", { name: "Add Subcategory" })).toBeVisible();
  await page.getByLabel("Category name").fill(childName);
  await page.getByLabel("Category name").press("Enter");
  await expect(toast(page, "Subcategory added")).toBeVisible();
  const childRow = page.getByTestId("admin-category-row").filter({ hasText: childName });
  await expect(childRow).toBeVisible();

  // A parent with subcategories cannot be deleted (the server's message).
  await deleteThroughDialog(page, parentRow, "Delete category?");
  await expect(toast(page, "Cannot delete category with subcategories. Delete subcategories first.")).toBeVisible();

  const [child] = await categoryNamed(page.request, childName);
  expect(child).toBeDefined();

  // ---- Product: create ----
  const rate = ((await (await page.request.get("/api/admin/rate")).json()) as { usdToTnd: number }).usdToTnd;
  const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
  await openSection(page, "products");
  await page.getByRole("button", { name: "New Product" }).click();
  const form = page.getByRole("dialog", { name: "New Product" });
  await expect(form).toBeVisible();
  await expect(form.getByText("No variants")).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill(title);
  await form.getByLabel("Description", { exact: true }).fill("Made by the admin catalog e2e test.");
  await form.getByLabel("Upload an image").setInputFiles(png);
  await expect(form.getByLabel("Image URL or base64 data")).toHaveValue(/^\/uploads\//);
  await expect(form.getByRole("img", { name: "Image preview" })).toBeVisible();
  await expect(form.getByPlaceholder("TS-8092")).toBeVisible();
  await form.getByLabel("Article Code").fill(`SKU-${tag}`);
  await expect(form.getByLabel("In Stock")).toBeChecked();
  await form.getByLabel("Category", { exact: true }).selectOption(child?.id ?? "");
  await form.getByLabel("Discount %").fill("10");

  const base = form.getByRole("group", { name: "Base Price" });
  await expect(form.getByText("Enter TND price to auto-fill other currencies")).toBeVisible();
  await base.getByLabel("EUR").fill("7");
  // "Converting..." shows only for the pause before the conversion: watched from before typing (the group marks
  // itself when it shows), so a busy machine that checks too late cannot miss it.
  await base.evaluate((group) => {
    const observer = new MutationObserver(() => {
      if (!group.textContent?.includes("Converting...")) return;
      group.setAttribute("data-saw-converting", "yes");
      observer.disconnect();
    });
    observer.observe(group, { subtree: true, childList: true, characterData: true });
  });
  await base.getByLabel("TND").fill("32");
  await expect(base).toHaveAttribute("data-saw-converting", "yes");
  await expect(base.getByLabel("USD")).toHaveValue(String(round2(32 / rate)));
  await expect(base.getByText("Converting...")).toBeHidden();
  await expect(base.getByLabel("EUR")).toHaveValue("0");
  await expect(base.getByLabel("EGP")).toHaveValue("0");

  await form.getByRole("button", { name: "Add Variant" }).click();
  await expect(form.getByText("No variants")).toBeHidden();
  const variant = form.getByTestId("variant");
  await variant.getByLabel("Variant name").fill("Deluxe");
  await variant.getByLabel("TND").fill("64");
  await expect(variant.getByLabel("USD")).toHaveValue(String(round2(64 / rate)));
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product created")).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByTestId("admin-product-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  const id = await card.getAttribute("data-product-id");
  expect(id).toBeTruthy();
  await expect(card.getByText(id ?? "", { exact: true })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\//);

  // ---- Storefront sees it after sync ----
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.goto(`/category/${child?.slug ?? ""}`);
  await expect(page.getByRole("heading", { level: 1, name: childName })).toBeVisible();
  const storeCard = page.getByRole("article").filter({ hasText: title });
  await expect(storeCard).toBeVisible();
  await expect(storeCard.getByText("10% OFF")).toBeVisible();

  // ---- Edit, with a version conflict first ----
  await openSection(page, "products");
  await page.getByTestId("admin-product-card").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(title);
  await expect(edit.getByTestId("variant").getByLabel("Variant name")).toHaveValue("Deluxe");

  // Someone else changes the product meanwhile.
  const token = await csrf(page.request);
  const theirs = await page.request.put(`/api/admin/products/${id}`, {
    headers: { "X-CSRF-Token": token },
    data: { title: `${title} (theirs)` },
  });
  expect(theirs.ok()).toBe(true);

  await edit.getByLabel("Name", { exact: true }).fill(`${title} v2`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("This product was changed elsewhere since you opened it.")).toBeVisible();
  await edit.getByRole("button", { name: "Reload latest" }).click();
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(`${title} (theirs)`);
  await edit.getByLabel("Name", { exact: true }).fill(`${title} v2`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product updated")).toBeVisible();
  await expect(page.getByText("The product has been updated successfully.")).toBeVisible();
  await expect(page.getByTestId("admin-product-card").filter({ hasText: `${title} v2` })).toBeVisible();

  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `${title} v2` })).toBeVisible();

  // ---- Delete ----
  await openSection(page, "products");
  await page
    .getByTestId("admin-product-card")
    .filter({ hasText: `${title} v2` })
    .getByRole("button", { name: "Delete" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete product?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Product deleted")).toBeVisible();
  await expect(page.getByTestId("admin-product-card").filter({ hasText: `${title} v2` })).toHaveCount(0);

  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Product not found." })).toBeVisible();

  // ---- Clean up the categories: subcategory first, then its parent ----
  await openSection(page, "categories");
  await deleteAndSeeGone(page, page.getByTestId("admin-category-row").filter({ hasText: childName }), "Category");

  // Rename the parent through the edit dialog, then delete it.
  await page
    .getByTestId("admin-category-row")
    .filter({ hasText: parentName })
    .getByRole("button", { name: "Edit" })
    .click();
  const editCategory = page.getByRole("dialog", { name: "Edit category" });
  await editCategory.getByLabel("Category name").fill("");
  await editCategory.getByRole("button", { name: "Update" }).click();
  await expect(editCategory.getByText("Category name is required")).toBeVisible();
  await editCategory.getByLabel("Category name").fill(`${parentName} renamed`);
  await editCategory.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Category updated")).toBeVisible();
  const renamed = page.getByTestId("admin-category-row").filter({ hasText: `${parentName} renamed` });
  await expect(renamed).toBeVisible();
  await deleteAndSeeGone(page, renamed, "Category");
});

test("banners and promos: create, switch off, change, delete", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = suffix();
  const bannerTitle = `E2E Banner ${tag}`;
  const code = `E2E${tag}`.toUpperCase();
  await login(page);

  // ---- Banners ----
  await openSection(page, "banners");
  await page.getByRole("button", { name: "Add Banner" }).click();
  const form = page.getByRole("dialog", { name: "Add Banner" });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Banner title is required")).toBeVisible();
  await form.getByLabel("Title", { exact: true }).fill(bannerTitle);
  await form.getByLabel("Upload an image").setInputFiles(png);
  await expect(form.getByLabel("Image URL or base64 data")).toHaveValue(/^\/uploads\//);
  await form.getByLabel("Link").fill("/products");
  await expect(form.getByLabel("Active")).toBeChecked();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Banner added")).toBeVisible();
  const row = page.getByTestId("admin-banner-row").filter({ hasText: bannerTitle });
  await expect(row).toBeVisible();
  await expect(row.locator("img")).toHaveAttribute("src", /^\/uploads\//);

  const onOff = row.getByRole("switch");
  await expect(onOff).toBeChecked();
  await onOff.click();
  await expect(toast(page, "Banner hidden")).toBeVisible();
  await expect(row.getByRole("switch")).not.toBeChecked();

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit banner" });
  await edit.getByLabel("Title", { exact: true }).fill(`${bannerTitle} v2`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Banner updated")).toBeVisible();
  const row2 = page.getByTestId("admin-banner-row").filter({ hasText: `${bannerTitle} v2` });
  await expect(row2).toBeVisible();

  await deleteAndSeeGone(page, row2, "Banner");

  // ---- Promos ----
  await openSection(page, "promos");
  const codeBox = page.getByLabel("Promo code");
  await codeBox.fill(code.toLowerCase());
  await expect(codeBox).toHaveValue(code);
  await page.getByLabel("Percent", { exact: true }).fill("0");
  await page.getByRole("button", { name: "Add Promo" }).click();
  await expect(page.getByText("Enter a percent from 1 to 100.")).toBeVisible();
  await page.getByLabel("Percent", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Add Promo" }).click();
  await expect(toast(page, "Promo added")).toBeVisible();
  const promo = page.getByTestId("admin-promo-row").filter({ hasText: code });
  await expect(promo).toBeVisible();
  await expect(promo.getByText("10% off")).toBeVisible();

  // Offline (docs/decisions.md D17): the switch is queued, shown as pending, and sent when the connection returns.
  await page.context().setOffline(true);
  await promo.getByRole("switch").click();
  await expect(toast(page, "Saved offline; it will be sent when the connection returns")).toBeVisible();
  await expect(promo.getByTestId("pending-badge")).toHaveText("Pending");
  await expect(promo.getByRole("switch")).not.toBeChecked();
  await page.context().setOffline(false);
  await expect(promo.getByTestId("pending-badge")).toHaveCount(0, { timeout: 20_000 });
  await expect(promo.getByRole("switch")).not.toBeChecked();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/admin/promos")).json()) as { code: string; active: boolean }[]).find(
          (p) => p.code === code,
        )?.active,
    )
    .toBe(false);
  // Back on line the switch works directly.
  await promo.getByRole("switch").click();
  await expect(toast(page, "Promo updated")).toBeVisible();
  await expect(promo.getByRole("switch")).toBeChecked();
  await promo.getByRole("switch").click();
  await expect(promo.getByRole("switch")).not.toBeChecked();
  // An inactive code is refused at checkout.
  const validate = await page.request.post("/api/promos/validate", { data: { code } });
  expect(validate.status()).toBe(400);

  await promo.getByLabel(`Percent for ${code}`).fill("15");
  await promo.getByRole("button", { name: "Save percent" }).click();
  await expect(promo.getByText("15% off")).toBeVisible();

  await deleteAndSeeGone(page, promo, "Promo");
});

test("the products panel reads right to left in Arabic", async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
  await page.goto("/admin/login");
  await page.locator("#admin-username").fill(E2E_ADMIN.username);
  await page.locator("#admin-password").fill(E2E_ADMIN.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/admin\/?(\?.*)?$/);
  await openSection(page, "products");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: "منتج جديد" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New Product" })).toHaveCount(0);
  await page.getByRole("button", { name: "منتج جديد" }).click();
  await expect(page.getByText("أدخل السعر بالدينار التونسي لملء العملات الأخرى تلقائيًا")).toBeVisible();
});
