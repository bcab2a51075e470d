/** Runs once the server is up (Playwright starts its webServer first): the specs were written for orders of up to
 * 99 of one product, so the store's per-order limit (10 by default, docs/operations.md "Limits") is set to that;
 * the storefront's cap then follows the synced setting as it does in a real store. */
import { request } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL } from "../playwright.config.ts";

export default async function globalSetup(): Promise<void> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
    if (!login.ok()) throw new Error(`e2e setup: sign-in answered ${login.status()}`);
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const res = await api.put("/api/admin/order-limits", {
      data: { maxQtyPerOrder: 99, reservationHours: 24 },
      headers: { "X-CSRF-Token": csrfToken },
    });
    if (!res.ok()) throw new Error(`e2e setup: the order limits answered ${res.status()}`);
  } finally {
    await api.dispose();
  }
}
