/** The console offline (docs/decisions.md D17): the service worker, its Background Sync and the queue in IndexedDB,
 * as the offline specs drive and read them. */
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from "@playwright/test";
import { deleteThroughDialog, signIn, type ApiSession } from "./console-helpers.ts";

interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  version: number;
}

/** The categories of that name, as the public API lists them now. */
export async function categoryNamed(request: APIRequestContext, name: string): Promise<CategoryRow[]> {
  const list = (await (await request.get("/api/categories")).json()) as CategoryRow[];
  return list.filter((c) => c.name === name);
}

/** Deletes the categories of that name a test made (there may be none). */
export async function deleteCategoriesNamed(api: ApiSession, request: APIRequestContext, name: string): Promise<void> {
  for (const c of await categoryNamed(request, name))
    await api.send("DELETE", `/api/categories/${encodeURIComponent(c.id)}`);
}

/** Waits until the service worker controls the page (it claims clients on its first install). */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

export interface Devtools {
  /** Fires the worker's Background Sync for the admin outbox, as the browser does when the network returns. */
  sync: () => Promise<void>;
}

/** The DevTools protocol on a page that is not the app: it stays open while every app page is closed. */
export async function devtools(context: BrowserContext, baseURL: string | undefined): Promise<Devtools> {
  const blank = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(blank);
  let id = "";
  cdp.on(
    "ServiceWorker.workerRegistrationUpdated",
    (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      for (const r of e.registrations) if (!r.isDeleted) id = r.registrationId;
    },
  );
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => id).not.toBe("");
  return {
    sync: async () => {
      await cdp.send("ServiceWorker.dispatchSyncEvent", {
        origin: new URL(baseURL ?? "").origin,
        registrationId: id,
        tag: "admin-outbox",
        lastChance: false,
      });
    },
  };
}

/** Signs in, waits for the service worker to control the console, and opens the DevTools protocol beside it. */
export async function consoleWithWorker(
  page: Page,
  context: BrowserContext,
  baseURL: string | undefined,
  options: { fresh?: boolean } = {},
): Promise<Devtools> {
  await signIn(page, options);
  await workerControls(page);
  return devtools(context, baseURL);
}

/** The header's badge says how many edits wait. */
export async function expectPending(page: Page, count: number): Promise<void> {
  const badge = page.getByTestId("pending-changes");
  if (count === 0) await expect(badge).toHaveCount(0, { timeout: 20_000 });
  else await expect(badge).toHaveText(count === 1 ? "1 pending change" : `${count} pending changes`);
}

/** Adds a category in the open Categories section (offline, it is queued). */
export async function addCategory(page: Page, name: string): Promise<void> {
  await page.getByLabel("Category name").fill(name);
  await page.getByRole("button", { name: "Add Category" }).click();
}

export interface QueuedRow {
  id: number;
  idempotencyKey: string;
  path: string;
  method: string;
  status: string;
  body: unknown;
}

/** The console's queue as stored in IndexedDB (the page and the worker read the same one). */
export function readQueue(page: Page): Promise<QueuedRow[]> {
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
export function requeue(page: Page, rows: QueuedRow[]): Promise<void> {
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

/** Asks the service worker to replay the queue now (what a page does when it opens). */
export async function askWorkerToReplay(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "admin-outbox-replay" });
  });
}

/** Fires `beforeinstallprompt` as Chromium does when the app may be installed. */
export async function offerInstall(page: Page, outcome: "accepted" | "dismissed"): Promise<void> {
  await page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as Window & { prompted?: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

/** Switches the open page to a language (kept in localStorage), reloading it. */
export async function useLanguage(page: Page, lang: "en" | "ar"): Promise<void> {
  await page.evaluate((l) => localStorage.setItem("lang", l), lang);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
}

/** A button on the row of a panel's list (a category, a product card, a banner) that shows `text`. */
export function rowButton(page: Page, testId: string, text: string, name: "Edit" | "Delete"): Locator {
  return page.getByTestId(testId).filter({ hasText: text }).getByRole("button", { name });
}

/** Deletes that row's entity, confirming in the panel's dialog (its title, e.g. "Delete product?"). */
export async function deleteRow(page: Page, testId: string, text: string, dialog: string): Promise<void> {
  await deleteThroughDialog(page, page.getByTestId(testId).filter({ hasText: text }), dialog);
}

/** The USD box of a product form's base price. */
export function baseUsd(form: Locator): Locator {
  return form.getByRole("group", { name: "Base Price" }).getByLabel("USD");
}

/** Adds one variant to an open product form. */
export async function addVariant(form: Locator, name: string, usd: string): Promise<void> {
  await form.getByRole("button", { name: "Add Variant" }).click();
  await form.getByTestId("variant").getByLabel("Variant name").fill(name);
  await form.getByTestId("variant").getByLabel("USD").fill(usd);
}
