/** Sign-in and settings helpers for the admin console specs. */
import { expect, type APIRequestContext, type Cookie, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import type { Product } from "@store/shared/schemas/catalog";

export const TABLET = { width: 1024, height: 768 };

/** Password hashing (scrypt at OWASP cost) makes each sign-in slow on a busy machine. */
export const SIGN_IN_TIMEOUT = 40_000;

let session: Cookie[] | null = null;

/** Signs in through the form once per worker, then reuses that session cookie; `fresh` forces the form. */
export async function signIn(page: Page, { fresh = false }: { fresh?: boolean } = {}): Promise<void> {
  if (!fresh && session) {
    await page.context().addCookies(session);
    await page.goto("/admin");
    const shell = page.getByTestId("admin-console");
    await expect(shell.or(page.getByRole("heading", { name: "Admin Login" }))).toBeVisible();
    if (await shell.isVisible()) return;
  }
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: SIGN_IN_TIMEOUT });
  await expect(page.getByTestId("admin-console")).toBeVisible();
  if (!fresh) session = (await page.context().cookies()).filter((c) => c.name.includes("admin_session"));
}

/** A toast the console shows, by its exact text. */
export function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first();
}

/** Deletes a row's entity with its Delete button, confirming in the panel's dialog (its title, e.g. "Delete banner?"). */
export async function deleteThroughDialog(page: Page, row: Locator, dialog: string): Promise<void> {
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: dialog }).getByRole("button", { name: "Delete" }).click();
}

export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true }).click();
}

/** On the first of a console list's two pages (Previous off), turns to the second, the last (Next off); answers the
 * pager. */
export async function toSecondAndLastPage(page: Page, list: "orders" | "products"): Promise<Locator> {
  await expect(page.getByTestId(`${list}-page`)).toHaveText("Page 1");
  const pager = page.getByRole("navigation", { name: `Pages of ${list}` });
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId(`${list}-page`)).toHaveText("Page 2");
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  return pager;
}

export interface ApiSession {
  put: (path: string, body: unknown) => Promise<void>;
  /** POST, PUT or DELETE with the session's CSRF token; fails the test unless the answer is 2xx. */
  send: (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) => Promise<unknown>;
  get: (path: string) => Promise<unknown>;
}

/** An API session for set-up and clean-up (login + CSRF token). */
export async function apiSession(request: APIRequestContext): Promise<ApiSession> {
  const res = await request.post("/api/admin/login", { data: E2E_ADMIN });
  expect(res.ok()).toBe(true);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const send: ApiSession["send"] = async (method, path, body) => {
    const r = await request.fetch(path, { method, data: body, headers: { "X-CSRF-Token": csrfToken } });
    expect(r.ok(), `${method} ${path} answered ${r.status()}: ${await r.text()}`).toBe(true);
    return r.json() as Promise<unknown>;
  };
  return {
    async put(path, body) {
      await send("PUT", path, body);
    },
    send,
    async get(path) {
      // A kept-alive connection the server closes after its idle time, at the moment it is reused, ends in a reset:
      // as browsers do, a GET (safe to repeat) is sent once more on a new connection.
      const r = await request.get(path).catch(async (err: unknown) => {
        if (err instanceof Error && err.message.includes("ECONNRESET")) return request.get(path);
        throw err;
      });
      expect(r.ok(), `${path} answered ${r.status()}`).toBe(true);
      return r.json() as Promise<unknown>;
    },
  };
}

export async function currentRate(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/admin/rate");
  return ((await res.json()) as { usdToTnd: number }).usdToTnd;
}

/** Every product, through the admin list's pages (the server answers one page at a time, docs/decisions.md D30). */
export async function allAdminProducts(api: ApiSession): Promise<Product[]> {
  const products: Product[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "100", ...(cursor ? { cursor } : {}) });
    const page = (await api.get(`/api/admin/products?${query.toString()}`)) as {
      products: Product[];
      next: string | null;
    };
    products.push(...page.products);
    cursor = page.next;
  } while (cursor !== null);
  return products;
}
