/** The service worker carries the admin outbox (docs/decisions.md D17): edits queued offline reach the server with
 * no console page open, on the worker's Background Sync, and never twice. At the tablet viewport. */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { Banner } from "@store/shared/schemas/catalog";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { createStockProduct, stockOf } from "../stock/stock-helpers.ts";
import { TABLET, allAdminProducts, apiSession, openSection, signIn } from "./console-helpers.ts";
import { openHomeMenu } from "../storefront/menu.ts";
import { createBanner, createProduct, makePng } from "./catalog-fixtures.ts";
import {
  addCategory,
  askWorkerToReplay,
  categoryNamed,
  consoleWithWorker,
  deleteCategoriesNamed,
  expectPending,
  offerInstall,
  readQueue,
  requeue,
  workerControls,
  addVariant,
  baseUsd,
  deleteRow,
  rowButton,
} from "./offline-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 120_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

test("an edit queued offline is sent by the service worker with no console page open", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = `SW background ${tag()}`;
  const worker = await consoleWithWorker(page, context, baseURL);
  await openSection(page, "Categories");
  await context.setOffline(true);
  await addCategory(page, name);
  await expectPending(page, 1);
  await page.close();
  expect(await categoryNamed(request, name)).toEqual([]);

  await context.setOffline(false);
  await worker.sync();
  await expect.poll(async () => (await categoryNamed(request, name)).length, { timeout: 20_000 }).toBe(1);
  await deleteCategoriesNamed(await apiSession(request), request, name);
});

interface Promo {
  code: string;
  percent: number;
}
interface Profile {
  name: string;
  username: string;
}

/** Whether the console's local copy of the catalog (what it shows offline) holds these rows yet. */
function localCopyHas(page: Page, table: "products" | "categories" | "banners", ids: string[]): Promise<boolean> {
  return page.evaluate(
    ({ store, keys }) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("digital-store");
        open.onsuccess = () => {
          const get = open.result.transaction(store).objectStore(store).getAllKeys();
          get.onsuccess = () => {
            open.result.close();
            const have = new Set(get.result.map(String));
            resolve(keys.every((k) => have.has(k)));
          };
        };
      }),
    { store: table, keys: ids },
  );
}

test("ten edits of every kind made offline survive reloads and a closed console, reach the server once and in order, and the storefront shows them", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const t = tag();
  const api = await apiSession(request);
  const names = {
    created: `SW new ${t}`,
    renameMe: `SW rename ${t}`,
    renamed: `SW renamed ${t}`,
    doomed: `SW doomed ${t}`,
    product: `SW product ${t}`,
    banner: `SW banner ${t}`,
    profile: `Operator ${t}`,
  };
  const code = `SW${t}`.slice(0, 16);
  const renameMe = (await api.send("POST", "/api/categories", { name: names.renameMe })) as { id: string };
  const doomed = (await api.send("POST", "/api/categories", { name: names.doomed })) as { id: string };
  const priced = await createProduct(api, { title: `SW priced ${t}` });
  const unwanted = await createProduct(api, { title: `SW unwanted ${t}` });
  const shown = await createBanner(api, { title: `SW shown ${t}` });
  const before = (await api.get("/api/admin/profile")) as Profile;

  try {
    await signIn(page);
    await workerControls(page);
    // Offline the console shows the copy of the catalog kept on the device: it must hold this test's rows.
    await expect.poll(() => localCopyHas(page, "products", [priced.id, unwanted.id]), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => localCopyHas(page, "categories", [renameMe.id, doomed.id])).toBe(true);
    await expect.poll(() => localCopyHas(page, "banners", [shown.id])).toBe(true);
    await openSection(page, "Settings");
    await expect(page.getByLabel("Full Name")).toHaveValue(before.name);
    // The profile has arrived (its username shows) before the name is typed.
    await expect(page.getByLabel("Username")).toHaveValue(before.username);

    await context.setOffline(true);
    // 1: settings (the operator's profile).
    await page.getByLabel("Full Name").fill(names.profile);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expectPending(page, 1);
    // 2-4: a category created, one renamed, one deleted.
    await openSection(page, "Categories");
    await addCategory(page, names.created);
    await expectPending(page, 2);
    await rowButton(page, "admin-category-row", names.renameMe, "Edit").click();
    const editCategory = page.getByRole("dialog", { name: "Edit category" });
    await editCategory.getByLabel("Category name").fill(names.renamed);
    await editCategory.getByRole("button", { name: "Update" }).click();
    await expectPending(page, 3);
    await deleteRow(page, "admin-category-row", names.doomed, "Delete category?");
    await expectPending(page, 4);
    // 5: a product created with a variant and its prices.
    await openSection(page, "Products");
    await page.getByRole("button", { name: "New Product" }).click();
    const create = page.getByRole("dialog", { name: "New Product" });
    await create.getByLabel("Name", { exact: true }).fill(names.product);
    await baseUsd(create).fill("12");
    await addVariant(create, "Deluxe", "20");
    await create.getByRole("button", { name: "Save" }).click();
    await expectPending(page, 5);
    // 6: a product's price changed and an image picked offline (kept on the device, sent with the edit).
    await rowButton(page, "admin-product-card", priced.title, "Edit").click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await baseUsd(edit).fill("15");
    await edit
      .getByLabel("Upload an image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng() });
    await expect(edit.getByLabel("Image URL or base64 data")).toHaveValue(/^data:image\/png;base64,/);
    await edit.getByRole("button", { name: "Save" }).click();
    await expectPending(page, 6);
    // 7: a product deleted.
    await deleteRow(page, "admin-product-card", unwanted.title, "Delete product?");
    await expectPending(page, 7);
    // 8-9: a banner added, another hidden.
    await openSection(page, "Banners");
    await page.getByRole("button", { name: "Add Banner" }).click();
    const banner = page.getByRole("dialog", { name: "Add Banner" });
    await banner.getByLabel("Title", { exact: true }).fill(names.banner);
    await banner.getByLabel("Link").fill("/products");
    await banner.getByRole("button", { name: "Save" }).click();
    await expectPending(page, 8);
    await page.getByTestId("admin-banner-row").filter({ hasText: shown.title }).getByRole("switch").click();
    await expectPending(page, 9);
    // 10: a promo.
    await openSection(page, "Promos");
    const promoForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Promo" }) });
    await promoForm.getByLabel("Promo code").fill(code);
    await promoForm.getByLabel("Percent", { exact: true }).fill("15");
    await promoForm.getByRole("button", { name: "Add Promo" }).click();
    await expectPending(page, 10);

    // Signing out now would leave them behind: the console asks first.
    await page.getByRole("button", { name: "Logout" }).click();
    const ask = page.getByRole("dialog", { name: "Sign out with unsent changes?" });
    await expect(ask).toContainText("10 changes have not reached the server yet.");
    await ask.getByRole("button", { name: "Cancel" }).click();

    // The app opens offline from the service worker, twice, and the queue is still there, in the order made.
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await expectPending(page, 10);
    }
    const queued = await readQueue(page);
    expect(queued.map((r) => `${r.method} ${r.path.replace(/\/[^/]*$/, "/…")}`)).toEqual([
      "PUT /api/admin/…",
      "POST /api/…",
      "PUT /api/categories/…",
      "DELETE /api/categories/…",
      "POST /api/admin/…",
      "PUT /api/admin/products/…",
      "DELETE /api/admin/products/…",
      "POST /api/admin/…",
      "PUT /api/admin/banners/…",
      "POST /api/admin/…",
    ]);
    await page.close();
    expect(await categoryNamed(request, names.created)).toEqual([]);

    // Back online, a storefront page opens in a new tab: it has the service worker send the queue.
    await context.setOffline(false);
    const store = await context.newPage();
    await store.goto("/");
    await expect.poll(async () => (await readQueue(store)).length, { timeout: 30_000 }).toBe(0);

    const server = async () => {
      const products = await allAdminProducts(api);
      const banners = (await api.get("/api/admin/banners")) as Banner[];
      const promos = (await api.get("/api/admin/promos")) as Promo[];
      return {
        profile: ((await api.get("/api/admin/profile")) as Profile).name,
        created: (await categoryNamed(request, names.created)).length,
        renamed: (await categoryNamed(request, names.renamed)).map((c) => c.id),
        doomed: (await categoryNamed(request, names.doomed)).length,
        product: products
          .filter((p) => p.title === names.product)
          .map((p) => ({ price: p.price.USD, variants: p.variants.map((v) => [v.name, v.price.USD]) })),
        priced: products
          .filter((p) => p.id === priced.id)
          .map((p) => ({ usd: p.price.USD, image: p.image.slice(0, 9) })),
        unwanted: products.filter((p) => p.id === unwanted.id).length,
        banner: banners.filter((b) => b.title === names.banner).length,
        shown: banners.filter((b) => b.id === shown.id).map((b) => b.active),
        promo: promos.filter((p) => p.code === code).map((p) => p.percent),
      };
    };
    const expected = {
      profile: names.profile,
      created: 1,
      renamed: [renameMe.id],
      doomed: 0,
      product: [{ price: 1200, variants: [["Deluxe", 2000]] }],
      priced: [{ usd: 1500, image: "/uploads/" }],
      unwanted: 0,
      banner: 1,
      shown: [false],
      promo: [15],
    };
    expect(await server()).toEqual(expected);

    // The storefront shows them after its next sync.
    const [made] = (await allAdminProducts(api)).filter((p) => p.title === names.product);
    await store.goto(`/product/${made?.id ?? ""}`);
    await expect(store.getByRole("heading", { name: names.product })).toBeVisible();
    await store.goto(`/product/${priced.id}`);
    await expect(store.locator("main img[src^='/uploads/']").first()).toBeVisible();
    await expect(store.getByText("$15.00").first()).toBeVisible();

    // Replaying the same queue again (same keys) changes nothing.
    await requeue(store, queued);
    await askWorkerToReplay(store);
    await expect.poll(async () => (await readQueue(store)).length, { timeout: 30_000 }).toBe(0);
    expect(await server()).toEqual(expected);
  } finally {
    await context.setOffline(false);
    await api.put("/api/admin/profile", before);
    await deleteCategoriesNamed(api, request, names.created);
    await deleteCategoriesNamed(api, request, names.renamed);
    await deleteCategoriesNamed(api, request, names.renameMe);
    for (const p of await allAdminProducts(api))
      if (p.title === names.product || p.id === priced.id) await api.send("DELETE", `/api/admin/products/${p.id}`);
    for (const b of (await api.get("/api/admin/banners")) as Banner[])
      if (b.title === names.banner || b.id === shown.id) await api.send("DELETE", `/api/admin/banners/${b.id}`);
    if (((await api.get("/api/admin/promos")) as Promo[]).some((p) => p.code === code))
      await api.send("DELETE", `/api/admin/promos/${code}`);
  }
});

test("a private order page opened offline says it needs the network and keeps its link, in English and Arabic", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await workerControls(page);
  const link = "/orders/offline-check-token";
  await context.setOffline(true);
  try {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByText("This page needs the network.")).toBeVisible();
    await expect(page.getByTestId("offline-page").locator("code")).toHaveText(new URL(page.url()).href);
    expect(new URL(page.url()).pathname).toBe(link);

    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "أنت غير متصل بالإنترنت" })).toBeVisible();
    await expect(page.getByRole("link", { name: "إعادة المحاولة" })).toHaveAttribute("href", new URL(page.url()).href);
  } finally {
    await context.setOffline(false);
    await page.evaluate(() => localStorage.removeItem("lang")).catch(() => undefined);
  }
});

test("the build is installable, and the console offers to install when the browser does", async ({ page, context }) => {
  await page.goto("/");
  await workerControls(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);

  // Manifests for light and dark: the one Chromium installs follows the colour scheme. The page sets its manifest
  // link after it loads, and Chromium may keep reporting the manifest it fetched before the change: each miss
  // reloads the page, so the next ask meets a manifest fetched after the link settled.
  type Manifest = { theme_color: string; background_color: string; icons: unknown[] };
  const manifestIn = async (scheme: "light" | "dark", color: string) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    let manifest: Manifest | undefined;
    await expect
      .poll(async () => {
        const { url } = (await cdp.send("Page.getAppManifest")) as { url: string };
        const res = await page.request.get(url);
        expect(res.ok()).toBe(true);
        manifest = (await res.json()) as Manifest;
        if (manifest.theme_color !== color) await page.reload();
        return manifest.theme_color;
      })
      .toBe(color);
    if (!manifest) throw new Error("no manifest");
    return manifest;
  };
  const dark = await manifestIn("dark", "#0f1117");
  const light = await manifestIn("light", "#f6f7fb");
  expect(dark).toMatchObject({ theme_color: "#0f1117", background_color: "#0f1117" });
  expect(light).toMatchObject({ theme_color: "#f6f7fb", background_color: "#f6f7fb" });
  expect(light.icons).toEqual(dark.icons);
  const again = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(again.installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);

  await signIn(page);
  await expect(page.getByTestId("install-app")).toHaveCount(0);
  await offerInstall(page, "accepted");
  const install = page.getByRole("button", { name: "Install app" });
  await expect(install).toBeVisible();
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as Window & { prompted?: boolean }).prompted)).toBe(true);
  await expect(install).toHaveCount(0);
});

test("a background replay that meets an expired session keeps the queue, and the console asks to sign in (Arabic)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = `SW expired ${tag()}`;
  const worker = await consoleWithWorker(page, context, baseURL, { fresh: true });
  await openSection(page, "Categories");
  await context.setOffline(true);
  await addCategory(page, name);
  await expectPending(page, 1);
  await page.close();

  // The session is gone while the console is closed; the worker's replay meets a 401.
  await context.clearCookies();
  await context.setOffline(false);
  await worker.sync();

  const login = await context.newPage();
  await login.goto("/");
  await login.evaluate(() => localStorage.setItem("lang", "ar"));
  try {
    await login.goto("/admin");
    await expect(login).toHaveURL(/\/admin\/login$/);
    await expect(login.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(login.getByTestId("waiting-for-sign-in")).toHaveText(
      "تعديل واحد أُجري على هذا الجهاز ينتظر الإرسال. سجّل الدخول لإرساله.",
    );
    await expect
      .poll(() =>
        login.evaluate(
          () =>
            new Promise<unknown>((resolve) => {
              const open = indexedDB.open("digital-store");
              open.onsuccess = () => {
                const get = open.result.transaction("meta").objectStore("meta").get("adminOutboxNeedsSignIn");
                get.onsuccess = () => {
                  open.result.close();
                  resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
                };
              };
            }),
        ),
      )
      .toBe(true);
    expect(await categoryNamed(request, name)).toEqual([]);

    await login.locator("#admin-username").fill(E2E_ADMIN.username);
    await login.locator("#admin-password").fill(E2E_ADMIN.password);
    await login.locator("button[type=submit]").click();
    await expect(login.getByTestId("admin-console")).toBeVisible({ timeout: 40_000 });
    await expect.poll(async () => (await categoryNamed(request, name)).length, { timeout: 20_000 }).toBe(1);
    await expect(login.getByTestId("pending-changes")).toHaveCount(0);
  } finally {
    await login.evaluate(() => localStorage.removeItem("lang")).catch(() => undefined);
  }
  await deleteCategoriesNamed(await apiSession(request), request, name);
});

test("codes imported offline wait in the queue and reach the stock; the export says it needs the network", async ({
  page,
  context,
  request,
}) => {
  const t = tag();
  const api = await apiSession(request);
  const product = await createStockProduct(api, { title: `SW codes ${t}` });
  await signIn(page);
  await page.goto(`/admin?section=products&product=${encodeURIComponent(product.id)}`);
  const panel = page.getByRole("dialog", { name: "Edit Product" }).getByTestId("stock-panel");
  await expect(panel.getByTestId("stock-available")).toHaveText("0");

  await context.setOffline(true);
  try {
    const exportButton = panel.getByRole("button", { name: "Export unsold codes (CSV)" });
    await expect(exportButton).toBeDisabled();
    await expect(panel.getByTestId("export-offline")).toHaveText(
      "Exporting codes needs the network. Try again when you are back online.",
    );
    await panel.getByLabel("Paste codes").fill(`SW${t}-A\nSW${t}-B\n`);
    await panel.getByRole("button", { name: "Import codes" }).click();
    await expect(panel.getByTestId("import-queued")).toHaveText(
      "2 lines saved offline: they will be imported when the connection returns.",
    );
    await expectPending(page, 1);
    expect((await stockOf(api, product.id)).total.available).toBe(0);
  } finally {
    await context.setOffline(false);
  }
  await expectPending(page, 0);
  expect((await stockOf(api, product.id)).total.available).toBe(2);
  await expect(panel.getByRole("button", { name: "Export unsold codes (CSV)" })).toBeEnabled();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("the storefront's menu offers to install when the browser does", async ({ page }) => {
    const menu = await openHomeMenu(page);
    await expect(menu.getByTestId("install-app")).toHaveCount(0);
    await offerInstall(page, "dismissed");
    await expect(menu.getByRole("button", { name: "Install app" })).toBeVisible();
  });
});
