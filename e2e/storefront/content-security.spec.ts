/** The strict Content-Security-Policy holds the app as built: nothing it does is refused. */
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { loadCatalog, productWithoutVariants } from "./catalog.ts";

async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test("the storefront and the console load under the policy with no violation", async ({ page, request }) => {
  const violations = await recordViolations(page);
  const product = productWithoutVariants(await loadCatalog(request));

  const res = await page.goto("/");
  expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(res?.headers()["x-frame-options"]).toBe("DENY");
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  // The service worker installs and the catalog is stored from its worker under the same policy.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Search products" })).toBeVisible();

  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByTestId("admin-console")).toBeVisible({ timeout: 40_000 });

  expect(violations).toEqual([]);
});

test("no other site can frame the store", async ({ page, baseURL }) => {
  await page.route("http://other-site.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<iframe src="${baseURL ?? ""}/"></iframe>` }),
  );
  await page.goto("http://other-site.test/", { waitUntil: "load" });
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  // The store's page (its #root) would be there once loaded; the browser refused to show it.
  expect(await frame?.locator("#root").count()).toBe(0);
});
