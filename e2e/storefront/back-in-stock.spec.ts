/** A phone shopper meets a product sold from code stock with no code left: "Email me when it is back" on the product
 * page and on the wishlist line, one email when the operator imports codes, and "Only N left" once few remain; in
 * English and in Arabic. */
import { expect, test, type Page } from "@playwright/test";
import { apiSession } from "../admin/console-helpers.ts";
import { findMail, uniqueEmail } from "../checkout/checkout-helpers.ts";
import { createStockProduct, importCodes, tag } from "../stock/stock-helpers.ts";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

async function openProduct(page: Page, id: string): Promise<void> {
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The page is drawn again once the first catalog sync is stored; the form is used after that.
  await page.waitForFunction(() => localStorage.getItem("catalogSynced") !== null);
}

test("an out-of-stock product takes an address, mails it once when codes arrive, then says how few are left", async ({
  page,
  request,
}) => {
  const api = await apiSession(request);
  const product = await createStockProduct(api, { title: `Back Soon ${tag()}`, threshold: 3 });
  const email = uniqueEmail("back-in-stock");

  await openProduct(page, product.id);
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await page.getByRole("button", { name: "Email me when it is back" }).tap();
  const field = page.getByLabel("Your email, to hear when it is back");
  await field.fill("not an email");
  await page.getByRole("button", { name: "Notify me" }).tap();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
  await field.fill(email);
  await page.getByRole("button", { name: "Notify me" }).tap();
  await expect(page.getByText("We will email you once it is back in stock.")).toBeVisible();
  // The device remembers: the form is not offered again.
  await page.reload();
  await expect(page.getByText("We will email you once it is back in stock.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Email me when it is back" })).toHaveCount(0);

  await importCodes(api, product.id, [`BIS-${tag()}-1`, `BIS-${tag()}-2`]);
  const mail = await findMail(product.title, { subject: "is back in stock" });
  expect(mail.subject).toBe(`${product.title} is back in stock`);
  expect(mail.text).toContain(`/product/${product.id}`);
  expect(mail.text).toContain("/api/stock-requests/unsubscribe?email=");

  // Once the catalog on the device has the product in stock again, the page says how few are left.
  await expect(async () => {
    await openProduct(page, product.id);
    await expect(page.getByText("Only 2 left")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Add to cart", exact: true })).toBeEnabled();
});

test("the wishlist offers it on an out-of-stock line, and the product page says it in Arabic", async ({
  page,
  request,
}) => {
  const api = await apiSession(request);
  const product = await createStockProduct(api, { title: `Wished ${tag()}` });
  await openProduct(page, product.id);
  await page.getByRole("button", { name: "Add to wishlist" }).tap();
  await page.goto("/wishlist");
  const line = page.locator(`[data-product="${product.id}"]`);
  await expect(line.getByText("Out of stock")).toBeVisible();
  await expect(line.getByRole("button", { name: "Email me when it is back" })).toBeVisible();

  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await openProduct(page, product.id);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "أعلمني بالبريد عند توفره" }).tap();
  const email = uniqueEmail("back-in-stock-ar");
  await page.getByLabel("بريدك الإلكتروني لنعلمك عند توفره").fill(email);
  await page.getByRole("button", { name: "أعلمني", exact: true }).tap();
  await expect(page.getByText("سنراسلك بالبريد الإلكتروني فور توفره من جديد.")).toBeVisible();
  // Nothing on the page reaches past the screen's edge with the form open.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await importCodes(api, product.id, [`WISH-${tag()}`]);
  const mail = await findMail(product.title, { subject: "متوفر من جديد" });
  expect(mail.subject).toBe(`${product.title} متوفر من جديد`);
});
