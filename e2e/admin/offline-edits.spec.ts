/** Offline edits beyond the plain queue (docs/decisions.md D17), at the tablet viewport: a product created offline and
 * edited again before it was sent, a conflict with another browser resolved either way (one in Arabic), an order
 * action, and an update that waits while edits are pending. */
import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { Product } from "@store/shared/schemas/catalog";
import { TABLET, allAdminProducts, apiSession, openSection, signIn, type ApiSession } from "./console-helpers.ts";
import { createProduct, tag } from "./catalog-fixtures.ts";
import { placeOrder, orderStatus, recentRow } from "./order-helpers.ts";
import {
  deleteCategoriesNamed,
  expectPending,
  useLanguage,
  workerControls,
  addVariant,
  baseUsd,
  rowButton,
} from "./offline-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 180_000 });

async function productsTitled(api: ApiSession, title: string): Promise<Product[]> {
  return (await allAdminProducts(api)).filter((p) => p.title === title);
}

test("a product created offline can be edited again offline, and reaches the server once, as last edited", async ({
  page,
  context,
  api,
}) => {
  const first = `Offline first ${tag()}`;
  const second = `${first} edited`;
  try {
    await signIn(page);
    await openSection(page, "Products");
    // The reload below is served offline by the service worker: it must control the page first.
    await workerControls(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "New Product" }).click();
    const create = page.getByRole("dialog", { name: "New Product" });
    await create.getByLabel("Name", { exact: true }).fill(first);
    await baseUsd(create).fill("9");
    await create.getByRole("button", { name: "Save" }).click();
    await expectPending(page, 1);

    const queued = page.getByTestId("queued-product").filter({ hasText: first });
    await queued.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(first);
    await expect(baseUsd(edit)).toHaveValue("9");
    await edit.getByLabel("Name", { exact: true }).fill(second);
    await baseUsd(edit).fill("11");
    await addVariant(edit, "Gold", "19");
    await edit.getByRole("button", { name: "Save" }).click();
    // Still one change waiting: the creation itself carries the new body.
    await expectPending(page, 1);
    await expect(page.getByTestId("queued-product").filter({ hasText: second })).toBeVisible();
    await page.reload();
    await expectPending(page, 1);

    await context.setOffline(false);
    await expectPending(page, 0);
    await expect.poll(async () => (await productsTitled(api, second)).length, { timeout: 20_000 }).toBe(1);
    const [made] = await productsTitled(api, second);
    expect(made?.price.USD).toBe(1100);
    expect(made?.variants.map((v) => [v.name, v.price.USD])).toEqual([["Gold", 1900]]);
    expect(await productsTitled(api, first)).toEqual([]);
  } finally {
    await context.setOffline(false);
    for (const p of await productsTitled(api, second)) await api.send("DELETE", `/api/admin/products/${p.id}`);
  }
});

/** Another operator's console, in its own browser context (its own storage and service worker). */
async function otherConsole(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  await signIn(page, { fresh: true });
  return { context, page };
}

for (const choice of ["mine", "theirs"] as const) {
  test(`a product changed online elsewhere and edited offline here shows both versions; keep ${choice} wins${choice === "theirs" ? " (Arabic)" : ""}`, async ({
    page,
    context,
    request,
    browser,
  }) => {
    const api = await apiSession(request);
    const product = await createProduct(api, { title: `Conflict ${tag()}` });
    const mine = `${product.title} mine`;
    const theirs = `${product.title} theirs`;
    const other = await otherConsole(browser);
    try {
      await signIn(page);
      await page.goto(`/admin?section=products&product=${encodeURIComponent(product.id)}`);
      const edit = page.getByRole("dialog", { name: "Edit Product" });
      await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(product.title);

      // Here, offline: my edit waits with the version it was made against.
      await context.setOffline(true);
      await edit.getByLabel("Name", { exact: true }).fill(mine);
      await edit.getByRole("button", { name: "Save" }).click();
      await expectPending(page, 1);

      // There, online: the other operator changes the same product first.
      await openSection(other.page, "Products");
      await rowButton(other.page, "admin-product-card", product.title, "Edit").click();
      const theirEdit = other.page.getByRole("dialog", { name: "Edit Product" });
      await theirEdit.getByLabel("Name", { exact: true }).fill(theirs);
      await theirEdit.getByRole("button", { name: "Save" }).click();
      await expect
        .poll(async () => ((await api.get(`/api/admin/products/${product.id}`)) as Product).title)
        .toBe(theirs);

      // Back online here: the replay meets the other change.
      await context.setOffline(false);
      const badge = page.getByTestId("pending-changes");
      await expect(badge).toHaveClass(/admin-pending--alert/, { timeout: 20_000 });
      if (choice === "theirs") await useLanguage(page, "ar");
      await badge.click();
      const versions = page.getByTestId("conflict-versions");
      const nameRow = versions.getByRole("row").filter({ hasText: choice === "theirs" ? "الاسم" : "Name" });
      await expect(nameRow.getByRole("cell")).toHaveText([mine, theirs]);
      const button =
        choice === "mine"
          ? { en: "Keep mine", ar: "الإبقاء على نسختي" }
          : { en: "Keep theirs", ar: "الإبقاء على نسخة الخادم" };
      await page.getByRole("button", { name: choice === "theirs" ? button.ar : button.en }).click();
      await expect(page.getByTestId("pending-list")).toHaveCount(0, { timeout: 20_000 });
      await expect
        .poll(async () => ((await api.get(`/api/admin/products/${product.id}`)) as Product).title)
        .toBe(choice === "mine" ? mine : theirs);
      expect(await productsTitled(api, mine)).toHaveLength(choice === "mine" ? 1 : 0);
    } finally {
      await context.setOffline(false);
      await page.evaluate(() => localStorage.removeItem("lang")).catch(() => undefined);
      await other.context.close();
      await api.send("DELETE", `/api/admin/products/${product.id}`);
    }
  });
}

test("an order marked as paid offline waits in the queue and is applied when the network returns", async ({
  page,
  context,
  request,
  api,
}) => {
  const order = await placeOrder(request, api, { name: "Offline Payer" });
  try {
    await signIn(page);
    await recentRow(page, order.code).click();
    const dialog = page.getByRole("dialog", { name: `Order #${order.code}` });
    await expect(dialog.getByTestId("order-status")).toHaveText("Awaiting payment");

    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Mark as paid" }).click();
    await expectPending(page, 1);
    expect(await orderStatus(api, order.code)).toBe("pending_payment");

    await context.setOffline(false);
    await expectPending(page, 0);
    await expect.poll(() => orderStatus(api, order.code)).toBe("paid");
  } finally {
    await context.setOffline(false);
  }
});

/** Resolves once `ms` have passed with `text` never shown in a toast; fails as soon as it is. */
async function noToastFor(page: Page, text: string, ms: number): Promise<void> {
  await page.waitForFunction(
    ({ text: t, until }) => {
      const shown = [...document.querySelectorAll("[data-sonner-toast]")].some((n) => n.textContent?.includes(t));
      if (shown) throw new Error(`"${t}" was shown`);
      return Date.now() > until;
    },
    { text, until: Date.now() + ms },
    { polling: 100, timeout: ms + 10_000 },
  );
}

test("a new build's update prompt waits while an edit is pending, and comes once it is settled", async ({
  page,
  context,
  request,
  api,
}) => {
  const name = `Update wait ${tag()}`;
  const category = (await api.send("POST", "/api/categories", { name })) as { id: string };
  const sw = path.resolve("client/dist/sw.js");
  const built = fs.readFileSync(sw, "utf8");
  try {
    await signIn(page);
    await workerControls(page);
    await openSection(page, "Categories");
    // A rename made offline against a version the server has moved past: it waits as a conflict.
    await context.setOffline(true);
    await rowButton(page, "admin-category-row", name, "Edit").click();
    const dialog = page.getByRole("dialog", { name: "Edit category" });
    await dialog.getByLabel("Category name").fill(`${name} mine`);
    await dialog.getByRole("button", { name: "Update" }).click();
    await expectPending(page, 1);
    await api.send("PUT", `/api/categories/${category.id}`, { name: `${name} theirs`, version: 1 });
    await context.setOffline(false);
    await expect(page.getByTestId("pending-changes")).toHaveClass(/admin-pending--alert/, { timeout: 20_000 });

    // A new build is served; the console looks for it.
    fs.writeFileSync(sw, `${built}\n// e2e: a new build ${tag()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null))
      .toBe(true);
    await noToastFor(page, "A new version is available", 5_000);

    // The operator settles the change: the prompt comes.
    await page.getByTestId("pending-changes").click();
    await page.getByRole("button", { name: "Keep theirs" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("A new version is available")).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    fs.writeFileSync(sw, built);
    await context.setOffline(false);
    await deleteCategoriesNamed(api, request, `${name} theirs`);
    await deleteCategoriesNamed(api, request, name);
  }
});
