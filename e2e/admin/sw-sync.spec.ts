/** The service worker carries the admin outbox (docs/decisions.md D17): edits queued offline reach the server with
 * no console page open, on the worker's Background Sync, and never twice. At the tablet viewport. */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Page,
} from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { createStockProduct, stockOf } from "../stock/stock-helpers.ts";
import { TABLET, apiSession, openSection, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 120_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

interface CategoryRow {
  id: string;
  name: string;
}

async function categoryNamed(request: APIRequestContext, name: string) {
  const list = (await (await request.get("/api/categories")).json()) as CategoryRow[];
  return list.filter((c) => c.name === name);
}

/** Waits until the service worker controls the page (it claims clients on its first install). */
async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/** The DevTools protocol on a page that is not the app: it stays open while every app page is closed. */
async function devtools(context: BrowserContext): Promise<{ cdp: CDPSession; registrationId: () => string }> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  let id = "";
  cdp.on(
    "ServiceWorker.workerRegistrationUpdated",
    (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      for (const r of e.registrations) if (!r.isDeleted) id = r.registrationId;
    },
  );
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId: () => id };
}

test("an edit queued offline is sent by the service worker with no console page open", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = `SW background ${tag()}`;
  await signIn(page);
  await workerControls(page);
  const { cdp, registrationId } = await devtools(context);
  await expect.poll(registrationId).not.toBe("");
  await openSection(page, "Categories");
  await context.setOffline(true);
  await page.getByLabel("Category name").fill(name);
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");
  await page.close();
  expect(await categoryNamed(request, name)).toEqual([]);

  await context.setOffline(false);
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: registrationId(),
    tag: "admin-outbox",
    lastChance: false,
  });
  await expect.poll(async () => (await categoryNamed(request, name)).length, { timeout: 20_000 }).toBe(1);
  const [created] = await categoryNamed(request, name);
  await (await apiSession(request)).send("DELETE", `/api/categories/${encodeURIComponent(created?.id ?? "")}`);
});

interface QueuedRow {
  id: number;
  idempotencyKey: string;
  path: string;
}

/** The console's queue as stored in IndexedDB (the page and the worker read the same one). */
function readQueue(page: Page): Promise<QueuedRow[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedRow[]>((resolve, reject) => {
        const open = indexedDB.open("digital-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("adminOutbox").objectStore("adminOutbox").getAll();
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result as QueuedRow[]);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Puts rows back into the queue, as if a replay had been cut off before it could forget them. */
function requeue(page: Page, rows: QueuedRow[]): Promise<void> {
  return page.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("digital-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("adminOutbox", "readwrite");
          for (const row of items) tx.objectStore("adminOutbox").put({ ...row, status: "pending" });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows,
  );
}

interface Promo {
  code: string;
}

test("edits of several kinds made offline survive reloads and a closed console, reach the server once, never twice", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const t = tag();
  const created = `SW offline ${t}`;
  const doomed = `SW doomed ${t}`;
  const code = `SW${t}`.slice(0, 16);
  const api = await apiSession(request);
  await api.send("POST", "/api/categories", { name: doomed });
  const [doomedRow] = await categoryNamed(request, doomed);

  await signIn(page);
  await workerControls(page);
  const { cdp, registrationId } = await devtools(context);
  await expect.poll(registrationId).not.toBe("");
  await openSection(page, "Categories");
  await expect(page.getByTestId("admin-category-row").filter({ hasText: doomed })).toBeVisible();

  await context.setOffline(true);
  // 1: a new category.
  await page.getByLabel("Category name").fill(created);
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");
  // 2: a category deleted.
  await page
    .getByTestId("admin-category-row")
    .filter({ hasText: doomed })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByRole("dialog", { name: "Delete category?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("pending-changes")).toHaveText("2 pending changes");
  // 3: a new promo.
  await openSection(page, "Promos");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Promo" }) });
  await form.getByLabel("Promo code").fill(code);
  await form.getByLabel("Percent", { exact: true }).fill("15");
  await form.getByRole("button", { name: "Add Promo" }).click();
  await expect(page.getByTestId("pending-changes")).toHaveText("3 pending changes");

  // Signing out now would leave them behind: the console asks first.
  await page.getByRole("button", { name: "Logout" }).click();
  const ask = page.getByRole("dialog", { name: "Sign out with unsent changes?" });
  await expect(ask).toContainText("3 changes have not reached the server yet.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("admin-console")).toBeVisible();

  // The app opens offline from the service worker, twice, and the queue is still there.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(page.getByTestId("pending-changes")).toHaveText("3 pending changes");
  }
  const queued = await readQueue(page);
  expect(queued).toHaveLength(3);
  await page.close();
  expect(await categoryNamed(request, created)).toEqual([]);

  await context.setOffline(false);
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: registrationId(),
    tag: "admin-outbox",
    lastChance: false,
  });
  await expect.poll(async () => (await categoryNamed(request, created)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(async () => (await categoryNamed(request, doomed)).length).toBe(0);
  const promos = async () => ((await api.get("/api/admin/promos")) as Promo[]).filter((p) => p.code === code).length;
  await expect.poll(promos).toBe(1);

  // A storefront tab: the queue is empty. Replaying the same edits again (same keys) changes nothing.
  const store = await context.newPage();
  await store.goto("/");
  await expect.poll(async () => (await readQueue(store)).length).toBe(0);
  await requeue(store, queued);
  await store.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "admin-outbox-replay" });
  });
  await expect.poll(async () => (await readQueue(store)).length, { timeout: 20_000 }).toBe(0);
  expect(await categoryNamed(request, created)).toHaveLength(1);
  expect(await categoryNamed(request, doomed)).toHaveLength(0);
  expect(await promos()).toBe(1);

  const [createdRow] = await categoryNamed(request, created);
  await api.send("DELETE", `/api/categories/${encodeURIComponent(createdRow?.id ?? "")}`);
  await api.send("DELETE", `/api/admin/promos/${encodeURIComponent(code)}`);
  expect(doomedRow).toBeDefined();
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

  await signIn(page);
  await expect(page.getByTestId("install-app")).toHaveCount(0);
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as Window & { prompted?: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(event);
  });
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
  await signIn(page, { fresh: true });
  await workerControls(page);
  const { cdp, registrationId } = await devtools(context);
  await expect.poll(registrationId).not.toBe("");
  await openSection(page, "Categories");
  await context.setOffline(true);
  await page.getByLabel("Category name").fill(name);
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");
  await page.close();

  // The session is gone while the console is closed; the worker's replay meets a 401.
  await context.clearCookies();
  await context.setOffline(false);
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: registrationId(),
    tag: "admin-outbox",
    lastChance: false,
  });

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
  const [created] = await categoryNamed(request, name);
  await (await apiSession(request)).send("DELETE", `/api/categories/${encodeURIComponent(created?.id ?? "")}`);
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
    await expect(page.getByTestId("pending-changes")).toHaveText("1 pending change");
    expect((await stockOf(api, product.id)).total.available).toBe(0);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 20_000 });
  expect((await stockOf(api, product.id)).total.available).toBe(2);
  await expect(panel.getByRole("button", { name: "Export unsold codes (CSV)" })).toBeEnabled();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("the storefront's menu offers to install when the browser does", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId("install-app")).toHaveCount(0);
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true });
      Object.assign(event, { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: "dismissed" }) });
      window.dispatchEvent(event);
    });
    await expect(menu.getByRole("button", { name: "Install app" })).toBeVisible();
  });
});
