/** Playwright's `test` with `api`: an admin API session (login and CSRF token) for a test's set-up and clean-up. */
import { test as base } from "@playwright/test";
import { apiSession, type ApiSession } from "./admin/console-helpers.ts";

export const test = base.extend<{ api: ApiSession }>({
  api: async ({ request }, use) => {
    await use(await apiSession(request));
  },
});
