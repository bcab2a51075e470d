import { expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { throttle } from "../throttle.ts";
import type { Banner } from "@store/shared/schemas/catalog";
import { apiSession } from "../admin/console-helpers.ts";
import { createBanner, pngDataUrl } from "../admin/catalog-fixtures.ts";
import { loadCatalog } from "./catalog.ts";
import { openHomeMenu } from "./menu.ts";

test("home shows the hero, the promo banners and every section", async ({ page, request }) => {
  const catalog = await loadCatalog(request);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured offers" });
  await expect(hero).toBeVisible();
  await expect(hero.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/#featured");
  await expect(hero.getByRole("link", { name: "Browse Deals" })).toHaveAttribute("href", "/#categories");

  await expect(page.locator("#categories").getByRole("link")).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "Featured products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hottest deals" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New and upcoming" })).toBeVisible();
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await expect(page.locator("#new").getByRole("article").first()).toBeVisible();

  // The best deal leads 'Hottest deals'.
  const best = [...catalog.products].sort((a, b) => b.discountPercent - a.discountPercent)[0];
  if (best && best.discountPercent > 0) {
    await expect(page.locator("#deals").getByRole("article").first()).toContainText(`${best.discountPercent}% OFF`);
  }

  // Newsletter banner: an email field and a submit button.
  const newsletter = page.getByRole("region", { name: "Never miss a deal" });
  await expect(newsletter.getByRole("textbox", { name: "Email address" })).toHaveAttribute("type", "email");
  await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();
});

test("a first visit renders from a small answer and fetches the whole catalog once; later visits ask only for what changed", async ({
  page,
}) => {
  const syncs: string[] = [];
  const firsts: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname === "/api/sync") syncs.push(url.searchParams.get("since") ?? "");
    if (url.pathname === "/api/first") firsts.push(url.search);
  });
  await page.goto("/");
  await expect(page.locator("[data-first-screen]")).toHaveCount(0);
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  // The home's page carries its first screen's answer: the app does not ask for it again.
  expect(firsts).toEqual([]);
  // The catalog is synced behind the first page, once.
  await expect.poll(() => syncs).toEqual(["0"]);
  // A first visit stores the catalog once its first page is idle; "later" starts from then.
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);

  syncs.length = 0;
  await page.reload();
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  await expect.poll(() => syncs.length).toBeGreaterThan(0);
  expect(syncs.every((since) => Number(since) > 0)).toBe(true);
});

test("the hero carousel advances on its own every 6 seconds and wraps", async ({ page, request }) => {
  // A single banner does not rotate: add what the demo data lacks.
  const active = (await loadCatalog(request)).banners.filter((b) => b.active).length;
  if (active < 2) {
    const api = await apiSession(request);
    for (let i = active; i < 2; i++) await createBanner(api, { position: 100_000 });
  }
  await page.clock.install();
  await page.goto("/");
  const dots = page.getByRole("region", { name: "Featured offers" }).getByRole("button", { name: /Go to slide/ });
  await expect(dots.first()).toBeVisible();
  // Banners arrive from the local catalog; wait until the product grids show it is loaded.
  await expect(page.locator("#featured").getByRole("article").first()).toBeVisible();
  const count = await dots.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await page.clock.fastForward(6100);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  for (let i = 1; i < count; i++) await page.clock.fastForward(6100);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
});

test("a banner's picture leads where the operator's link says", async ({ page, request }) => {
  let catalog = await loadCatalog(request);
  const linked = (b: Banner) => b.active && b.image !== "" && b.link.startsWith("/category/");
  if (!catalog.banners.some(linked)) {
    // The demo data has no such banner: make one, with a picture, after the others.
    const [category] = catalog.categories;
    if (!category) throw new Error("the demo catalog has no category");
    await createBanner(await apiSession(request), {
      image: pngDataUrl(),
      link: `/category/${category.slug}`,
      position: 100_000,
    });
    catalog = await loadCatalog(request);
  }
  const banners = catalog.banners.filter((b) => b.active).sort((a, b) => a.position - b.position);
  const index = banners.findIndex(linked);
  const banner = banners[index];
  if (!banner) throw new Error("no banner links to a category");
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured offers" });
  await hero.getByRole("button", { name: `Go to slide ${index + 1}` }).click();
  await hero.getByRole("button", { name: "Pause" }).click();
  const link = hero.getByRole("link", { name: banner.title });
  await expect(link).toHaveAttribute("href", banner.link);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${banner.link}$`));
  const category = catalog.categories.find((c) => banner.link === `/category/${c.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(category?.name ?? "");
  await expect(page).toHaveTitle(new RegExp(`${category?.name ?? ""} Store`));
});

test("the footer carries support details, legal links and the Admin link", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("50+ gift-card brands");
  await expect(footer).toContainText("09:00–18:00 GMT");
  await expect(footer).toContainText(String(new Date().getFullYear()));
  for (const name of ["Terms", "Refund Policy", "Privacy"])
    await expect(footer.getByRole("link", { name })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/login");
});

test("the newsletter form reports success only when the server stored the address", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Never miss a deal" });
  await banner.getByRole("textbox", { name: "Email address" }).fill(`e2e-${Date.now()}@example.com`);
  await banner.getByRole("button", { name: "Subscribe" }).click();
  await expect(banner.getByText("Thanks for subscribing! Watch your inbox for deals.")).toBeVisible();

  await page.route("**/api/newsletter", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"x"}' }),
  );
  await banner.getByRole("textbox", { name: "Email address" }).fill("again@example.com");
  await banner.getByRole("button", { name: "Subscribe" }).click();
  await expect(banner.getByText("We couldn't subscribe you right now. Please try again later.")).toBeVisible();

  // Too many signups from here (the newsletter's own budget): the wait, in the shopper's words.
  await throttle(page, "**/api/newsletter", 90);
  await banner.getByRole("button", { name: "Subscribe" }).click();
  await expect(banner.getByText("Too many attempts. Please try again in 2 min.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu holds the currency selector and the category links", async ({ page }) => {
    const menu = await openHomeMenu(page);
    await expect(menu.getByRole("link", { name: "All Products" })).toBeVisible();
    await menu.getByLabel("Currency").selectOption("EUR");
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
    await expect(page.locator("#featured").getByRole("article").first()).toContainText("€");
  });
});
