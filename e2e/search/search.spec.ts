import { expect, test, type Page } from "@playwright/test";

/** Opens the storefront and waits until the catalog is local (a first visit syncs it behind its first page). */
async function openStore(page: Page, path = "/") {
  await page.goto(path);
  await expect(
    page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Gift Cards", exact: true }),
  ).toBeVisible();
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Search products" });
const box = (page: Page) => dialog(page).getByRole("combobox", { name: "Search products" });
const options = (page: Page) => dialog(page).getByRole("listbox").getByRole("option");

/** The demo's PlayStation Plus Essential in the results, whatever the interface language. */
const soldOutRow = (page: Page) => page.locator('[role="option"][href$="/product/ps-plus-essential-12"]');

async function search(page: Page, query: string) {
  await box(page).fill(query);
}

test.describe("search overlay", () => {
  test("opens from the header button, Ctrl+K and '/', focuses the box, and Escape gives focus back", async ({
    page,
  }) => {
    await openStore(page);
    const button = page.getByRole("button", { name: "Search", exact: true });
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(box(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press("Control+k");
    await expect(box(page)).toBeFocused();
    await dialog(page).getByRole("button", { name: "Close search" }).click();
    await expect(dialog(page)).toHaveCount(0);

    await page.evaluate(() =>
      document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined,
    );
    await page.keyboard.press("/");
    await expect(box(page)).toBeFocused();
    // Focus stays inside the dialog while tabbing.
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test("finds a product, announces the count, ends the list and opens the highlighted result with the keyboard", async ({
    page,
  }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "  Steam WALLET ");
    await expect(options(page)).toHaveText([/Steam Wallet \$20/, /Steam Wallet \$50/, /Steam Wallet \$100/]);
    // The index was built off the main thread.
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/search-index\.worker/));
    await expect(dialog(page).getByRole("status")).toHaveText("3 results");
    await expect(dialog(page).getByText("— End —")).toBeVisible();
    await expect(options(page).first()).toHaveAttribute("href", "/product/steam-20");
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(box(page)).toHaveAttribute(
      "aria-activedescendant",
      (await options(page).nth(1).getAttribute("id")) ?? "missing",
    );
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product\/steam-50$/);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("each row shows image, title, discount badge, platform/region/delivery and a price", async ({ page }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "elden");
    const row = options(page).first();
    await expect(row).toContainText("Elden Ring (Steam Key)");
    await expect(row).toContainText("33% OFF");
    await expect(row).toContainText("PC · Global · Email");
    await expect(row).toContainText("$26.80");
    await expect(row.locator("img")).toHaveCount(1);
  });

  test("a product that cannot be bought now says so in its row", async ({ page }) => {
    // The demo store seeds PlayStation Plus Essential out of stock (sold by hand, none on hand).
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "playstation plus essential");
    await expect(soldOutRow(page)).toContainText("Out of stock");
    await search(page, "elden");
    await expect(options(page).first()).toContainText("Elden Ring (Steam Key)");
    await expect(options(page).first()).not.toContainText("Out of stock");
  });

  test("matches ignoring accents and case", async ({ page }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "ÉLDÉN RÎNG");
    await expect(options(page)).toHaveText([/Elden Ring \(Steam Key\)/]);
  });

  test("platform chips and price caps narrow the results, and the sort reorders them", async ({ page }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "gift card");
    // The results render after the debounce: wait for them rather than counting at once.
    await expect.poll(() => options(page).count()).toBeGreaterThan(4);

    await dialog(page).getByRole("button", { name: "PS", exact: true }).click();
    await expect(dialog(page).getByRole("button", { name: "PS", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(options(page)).toHaveCount(4);
    for (const text of await options(page).allTextContents()) expect(text).toContain("PlayStation Store");

    await dialog(page).getByRole("button", { name: "Up to $25" }).click();
    await expect(options(page)).toHaveText([
      /PlayStation Store \$10/,
      /PlayStation Store \$25/,
      /PlayStation Store €20/,
    ]);
    // Toggling the cap off brings the others back.
    await dialog(page).getByRole("button", { name: "Up to $25" }).click();
    await expect(options(page)).toHaveCount(4);

    await search(page, "steam");
    await dialog(page).getByRole("button", { name: "PS", exact: true }).click();
    await expect(dialog(page).getByRole("button", { name: "PS", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await dialog(page).getByRole("button", { name: "Up to $25" }).click();
    // Hogwarts Legacy costs $50 less 60%: the cap uses the displayed price.
    await expect(options(page)).toHaveText([/Steam Wallet \$20/, /Hogwarts Legacy/]);
    await dialog(page).getByRole("button", { name: "Up to $25" }).click();

    await search(page, "steam wallet");
    const sort = dialog(page).getByRole("combobox", { name: "Sort by" });
    await sort.selectOption("price-desc");
    await expect(options(page)).toHaveText([/\$100/, /\$50/, /\$20/]);
    await sort.selectOption("price-asc");
    await expect(options(page)).toHaveText([/\$20/, /\$50/, /\$100/]);
    await sort.selectOption("popularity");
    await expect(options(page)).toHaveText([/\$50/, /\$20/, /\$100/]);
    await sort.selectOption("newest");
    await expect(options(page)).toHaveText([/\$100/, /\$50/, /\$20/]);
  });

  test("shows 20 results, then 20 more when scrolled past 75%, then the end marker", async ({ page }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await search(page, "e");
    await expect(dialog(page).getByRole("status")).toHaveText(/\d+ results/);
    const total = Number((await dialog(page).getByRole("status").textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(20);
    await expect(options(page)).toHaveCount(20);
    await expect(dialog(page).getByText("— End —")).toHaveCount(0);
    const list = dialog(page).locator(".search-overlay__scroll");
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(options(page)).toHaveCount(Math.min(40, total));
    await expect(async () => {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(options(page)).toHaveCount(total, { timeout: 500 });
    }).toPass();
    await expect(dialog(page).getByText("— End —")).toBeVisible();
  });

  test("empty query shows popular now and recent searches with clear all; no-match queries say so", async ({
    page,
  }) => {
    await openStore(page);
    await page.keyboard.press("Control+k");
    await expect(dialog(page).getByText("popular now")).toBeVisible();
    await expect(options(page)).toHaveCount(6);
    await expect(dialog(page).getByText("Recent searches")).toHaveCount(0);

    await search(page, "qwertyzz");
    await expect(dialog(page).getByText("No results for qwertyzz")).toBeVisible();
    await page.keyboard.press("Enter");
    await search(page, "Zelda");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product\/zelda-echoes$/);

    await page.keyboard.press("Control+k");
    const recent = dialog(page).getByRole("region", { name: "Recent searches" });
    await expect(recent.getByRole("listitem")).toHaveText(["Zelda", "qwertyzz"]);
    // Picking a recent search runs it.
    await recent.getByRole("button", { name: "Zelda" }).click();
    await expect(box(page)).toHaveValue("Zelda");
    await expect(options(page)).toHaveText([/The Legend of Zelda/]);
    await dialog(page).getByRole("button", { name: "Clear search" }).click();
    await expect(box(page)).toHaveValue("");
    await expect(box(page)).toBeFocused();

    await dialog(page).getByRole("button", { name: "Clear all" }).click();
    await expect(dialog(page).getByText("Recent searches")).toHaveCount(0);
    await expect(dialog(page).getByText("popular now")).toBeVisible();
  });

  test("a failing local read shows Couldn't fetch results with a working Retry", async ({ page }) => {
    await openStore(page);
    // Make IndexedDB reads of whole tables fail, as a broken or evicted database would. The search index is
    // built in a worker, which this page's scripts cannot reach: take workers away (the overlay's code is not
    // loaded yet), so the index is built on the page and its read is the one that fails.
    await page.evaluate(() => {
      const store = IDBObjectStore.prototype as IDBObjectStore & { __realGetAll?: IDBObjectStore["getAll"] };
      store.__realGetAll = store.getAll;
      store.getAll = () => {
        throw new DOMException("The database is not available", "UnknownError");
      };
      Object.defineProperty(window, "Worker", { value: undefined, configurable: true });
    });
    await page.keyboard.press("Control+k");
    const alert = dialog(page).getByRole("alert");
    await expect(alert).toHaveText("Couldn't fetch results. Retry");
    await page.evaluate(() => {
      const store = IDBObjectStore.prototype as IDBObjectStore & { __realGetAll?: IDBObjectStore["getAll"] };
      if (store.__realGetAll) store.getAll = store.__realGetAll;
    });
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveCount(0);
    await search(page, "steam wallet");
    await expect(options(page)).toHaveCount(3);
  });

  test("searches with the network off once the catalog is local", async ({ page, context }) => {
    await openStore(page);
    // A returning shopper has the service worker, which keeps the lazily loaded overlay code.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await context.setOffline(true);
    await page.keyboard.press("Control+k");
    await search(page, "zelda");
    await expect(options(page)).toHaveText([/The Legend of Zelda: Echoes of Wisdom/]);
    await context.setOffline(false);
  });

  test("lays out right-to-left with Arabic texts", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("lang", "ar"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The shortcut is live once the app has rendered over the page the server wrote (whose header is only markup).
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator("[data-first-screen]")).toHaveCount(0);
    await page.keyboard.press("Control+k");
    const sheet = page.getByRole("dialog", { name: "ابحث عن المنتجات" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText("الأكثر رواجًا الآن")).toBeVisible();
    await expect(sheet.getByRole("button", { name: "بطاقات الهدايا" })).toBeVisible();
    const input = sheet.getByRole("combobox", { name: "ابحث عن المنتجات" });
    await input.fill("qwertyzz");
    await expect(sheet.getByText("لا توجد نتائج لـ qwertyzz")).toBeVisible();
    // The search icon sits at the start edge: the right in RTL.
    const icon = await sheet.locator(".search-overlay__icon").boundingBox();
    const field = await input.boundingBox();
    expect(icon && field && icon.x > field.x).toBe(true);
    expect(await sheet.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");

    // Once the catalog is local, a product out of stock says so in Arabic.
    await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
    await input.fill("playstation plus essential");
    await expect(soldOutRow(page)).toContainText("نفد المخزون");

    // An English title that fits lines up with the row's start, the right; on a phone, one too long for its row
    // reads from its start and is cut at its end.
    const title = soldOutRow(page).locator(".search-row__title");
    const fits = await title.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const box = el.getBoundingClientRect();
      return {
        overflows: el.scrollWidth > el.clientWidth,
        atRight: Math.abs(range.getBoundingClientRect().right - box.right) < 2,
      };
    });
    expect(fits).toEqual({ overflows: false, atRight: true });
    await page.setViewportSize({ width: 360, height: 740 });
    const cut = await title.evaluate((el) => {
      const text = el.firstChild;
      if (!text?.textContent) return undefined;
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect();
      return {
        overflows: el.scrollWidth > el.clientWidth,
        firstShown: first.left >= box.left - 1 && first.right <= box.right + 1,
        direction: getComputedStyle(el).direction,
      };
    });
    expect(cut).toEqual({ overflows: true, firstShown: true, direction: "ltr" });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test("the overlay is a full-height bottom sheet", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(box(page)).toBeFocused();
    const sheet = await dialog(page).boundingBox();
    expect(sheet).not.toBeNull();
    expect(Math.round(sheet?.height ?? 0)).toBe(800);
    expect(Math.round(sheet?.width ?? 0)).toBe(390);
  });
});
