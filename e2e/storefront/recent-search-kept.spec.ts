/** A search submitted with Enter is kept in the recent searches even when the shopper leaves the page at once:
 * it is written synchronously before the page moves on, then stored in IndexedDB. */
import { expect, test, type Page } from "@playwright/test";

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

declare global {
  interface Window {
    /** Set by the test: IndexedDB writes of recent searches are aborted, as when the page is left mid-write. */
    loseRecentSearchWrites?: boolean;
  }
}

async function openStore(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
}

async function openSearch(page: Page, lang: "en" | "ar" = "en") {
  await page.getByRole("button", { name: lang === "ar" ? "بحث" : "Search", exact: true }).click();
  const name = lang === "ar" ? "ابحث عن المنتجات" : "Search products";
  const dialog = page.getByRole("dialog", { name });
  return { dialog, box: dialog.getByRole("combobox", { name }) };
}

test("Enter then leaving or reloading at once keeps the search, again and again", async ({ page }) => {
  test.setTimeout(90_000);
  await openStore(page);
  const queries = ["Zelda", "qwertyzz", "Steam", "nothing-matches-this", "PlayStation"];
  for (const [round, query] of queries.entries()) {
    const { box } = await openSearch(page);
    await box.fill(query);
    await box.press("Enter");
    // No wait: the page is left or reloaded right away.
    if (round % 2 === 0) await page.reload();
    else await page.goto("/products");
    const { dialog } = await openSearch(page);
    const recent = dialog.getByRole("region", { name: "Recent searches" });
    await expect(recent.getByRole("listitem").first(), `round ${round + 1}: ${query}`).toHaveText(query);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
});

test("a search whose IndexedDB write never finished still shows after a reload (Arabic)", async ({ page }) => {
  // Abort the recent-search writes of this page only: the reloaded page writes normally.
  await page.addInitScript(() => {
    localStorage.setItem("lang", "ar");
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase["transaction"]>) {
      const tx = transaction.apply(this, args);
      const [names, mode] = args;
      const stores = typeof names === "string" ? [names] : Array.from(names);
      if (window.loseRecentSearchWrites && mode === "readwrite" && stores.includes("recentSearches")) tx.abort();
      return tx;
    };
  });
  await openStore(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.evaluate(() => {
    window.loseRecentSearchWrites = true;
  });
  const { box } = await openSearch(page, "ar");
  await box.fill("qwertyzz");
  await box.press("Enter");
  await page.reload();

  const { dialog } = await openSearch(page, "ar");
  const recent = dialog.getByRole("region", { name: "عمليات البحث الأخيرة" });
  await expect(recent.getByRole("listitem")).toHaveText(["qwertyzz"]);
  // Stored in IndexedDB this time: the synchronous copy is gone.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("recentSearches.pending"))).toBeNull();
});
