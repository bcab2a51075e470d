/** Admin > Products: the list a page at a time from the server (newest first), searched by title; in English and in
 * Arabic (right to left). */
import { expect, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import type { Product } from "@store/shared/schemas/catalog";
import { createProduct, tag } from "./catalog-fixtures.ts";
import { TABLET, openSection, signIn, toSecondAndLastPage, type ApiSession } from "./console-helpers.ts";

test.use({ viewport: TABLET });
test.describe.configure({ timeout: 180_000 });

/** `count` products titled `<word> N`, made one after the other (the last is the newest). */
async function makeProducts(api: ApiSession, word: string, count: number): Promise<Product[]> {
  const made: Product[] = [];
  for (let i = 1; i <= count; i++) made.push(await createProduct(api, { title: `${word} ${i}` }));
  return made;
}

async function search(page: Page, label: string, button: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await page.getByRole("search").getByRole("button", { name: button }).click();
}

test("pages through the products found by title, newest first, and back", async ({ page, api }) => {
  const word = `Pager${tag()}`;
  const made = await makeProducts(api, word, 26);
  try {
    await signIn(page);
    await openSection(page, "Products");
    await expect(page.getByRole("heading", { name: "Products", level: 2 })).toBeVisible();
    const cards = page.getByTestId("admin-product-card");
    // The first page is one page, not the whole catalog.
    await expect(cards).toHaveCount(24);

    await search(page, "Title or product id", "Search", word.toLowerCase());
    await expect(cards.first()).toContainText(`${word} 26`);
    await expect(cards).toHaveCount(24);
    const pager = await toSecondAndLastPage(page, "products");
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText(`${word} 1`);
    await pager.getByRole("button", { name: "Previous" }).click();
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toContainText(`${word} 26`);

    // By id, and a search that finds nothing.
    const one = made[4];
    await search(page, "Title or product id", "Search", one?.id ?? "");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute("data-product-id", one?.id ?? "");
    await search(page, "Title or product id", "Search", `${word}-nothing`);
    await expect(page.getByText("No product matches this search.")).toBeVisible();
  } finally {
    for (const p of made) await api.send("DELETE", `/api/admin/products/${p.id}?version=${p.version}`);
  }
});

test("in Arabic the products list reads right to left and finds a product by title", async ({ page, api }) => {
  const word = `Arabic${tag()}`;
  const [product] = await makeProducts(api, word, 1);
  try {
    await page.addInitScript(() => window.localStorage.setItem("lang", "ar"));
    await signIn(page);
    await page.goto("/admin?section=products");
    await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
    await search(page, "العنوان أو معرّف المنتج", "بحث", word);
    const cards = page.getByTestId("admin-product-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${word} 1`);
    await expect(page.getByTestId("products-page")).toHaveText("الصفحة 1");
  } finally {
    if (product) await api.send("DELETE", `/api/admin/products/${product.id}?version=${product.version}`);
  }
});
