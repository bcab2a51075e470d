/** The large-catalog end-to-end test (e2e/scale): its own server on a store seeded with 50,000 products, kept
 * in .tmp/e2e-scale-template between runs (seeding is the slow part). Run after `pnpm build`:
 * E2E_PORT=<port> pnpm exec playwright test -c playwright.scale.config.ts */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./scripts/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
const PRODUCTS = 50_000;
const TEMPLATE = ".tmp/e2e-scale-template";
const DATA_DIR = ".tmp/e2e-scale";

export default defineConfig({
  testDir: "./e2e/scale",
  // Its own folder: Playwright empties its output folder at start, and the main run's traces of a failure or a
  // flaky test (test-results/) must still be there once the whole suite has run.
  outputDir: "./test-results-scale",
  workers: 1,
  retries: 0,
  timeout: 420_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "phone", use: { ...devices["Pixel 7"], defaultBrowserType: "chromium" } }],
  webServer: {
    command: [
      // Seeded aside and moved in whole, so a seeding cut short never leaves a template to be reused.
      `([ -f ${TEMPLATE}/store.db ] || (rm -rf ${TEMPLATE} ${TEMPLATE}.partial && node_modules/.bin/tsx scripts/bench/seed-catalog.ts ${TEMPLATE}.partial ${PRODUCTS} && mv ${TEMPLATE}.partial ${TEMPLATE}))`,
      `rm -rf ${DATA_DIR}`,
      `cp -r ${TEMPLATE} ${DATA_DIR}`,
      "node server/dist/main.js",
    ].join(" && "),
    url: `http://localhost:${port}/api/categories`,
    reuseExistingServer: false,
    timeout: 600_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR,
      SEED_DEMO: "no",
      PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});
