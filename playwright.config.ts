import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./scripts/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
/** The server's data dir for this run (specs read the dev mailbox from it). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";
/** Specs that change what the others read store-wide: the rate and toggles, or the admin products list's first
 * page (products-paging makes 26 products, pushing another spec's new product off that page). */
const AFTER_THE_REST = ["**/admin/settings.spec.ts", "**/admin/products-paging.spec.ts"];
const OFFLINE_SETTINGS_FILE = "**/admin/offline.spec.ts";
/** The 50,000-product store has its own server and config (playwright.scale.config.ts). */
const SCALE_FILES = "**/scale/**";
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password-1" };
export const E2E_BASE_URL = `http://localhost:${port}`;

/** End-to-end tests against the production build served by the real server, in Debian's Chromium. */
export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [...AFTER_THE_REST, OFFLINE_SETTINGS_FILE, SCALE_FILES],
    },
    // They run once the rest is done.
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"] },
      testMatch: AFTER_THE_REST,
      dependencies: ["desktop"],
    },
    {
      name: "settings-offline",
      use: { ...devices["Desktop Chrome"] },
      testMatch: OFFLINE_SETTINGS_FILE,
      dependencies: ["settings"],
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node server/dist/main.js`,
    url: `http://localhost:${port}/api/categories`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: "yes",
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every e2e shopper orders from this machine's one address, many with the same few emails.
      CHECKOUT_LIMIT_PER_ADDRESS: "100000",
      CHECKOUT_LIMIT_PER_EMAIL: "100000",
      FIND_ORDER_LIMIT_PER_ADDRESS: "100000",
      // ...and every one of them holds codes unpaid from that one address.
      HELD_UNITS_PER_PRODUCT: "100000",
      HELD_UNITS_TOTAL: "100000",
      RECIPIENT_UNITS_PER_DAY: "100000",
    },
  },
});
