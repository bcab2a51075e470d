/** The storefront's side menu, as the phone specs open it. */
import { expect, type Locator, type Page } from "@playwright/test";

/** Opens the home page and its side menu with the header's button (tapped on a touch screen), in English; answers
 * the menu, once shown. */
export async function openHomeMenu(page: Page, how: "click" | "tap" = "click"): Promise<Locator> {
  await page.goto("/");
  const opener = page.getByRole("button", { name: "Open menu" });
  await (how === "tap" ? opener.tap() : opener.click());
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}
