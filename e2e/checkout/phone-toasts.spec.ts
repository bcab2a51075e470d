/** A shopper on a phone buys without a message in the way: the toasts come from the top, over the header, never over
 * Add to cart, the checkout's fields or how to pay; "Added to cart" leads to the cart; the order's page opens at its
 * top. */
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../api-test.ts";
import { checkoutForm, placeOrderByForm, uniqueEmail } from "./checkout-helpers.ts";

test.use({ viewport: { width: 360, height: 760 }, hasTouch: true, isMobile: true });

const STEAM = { id: "steam-20", title: "Steam Wallet $20" };

const WORDS = {
  en: { add: "Add to cart", added: "Added to cart", viewCart: "View cart", cart: "Your cart", howToPay: "How to pay" },
  ar: {
    add: "أضف إلى السلة",
    added: "تمت الإضافة إلى السلة",
    viewCart: "عرض السلة",
    cart: "سلتك",
    howToPay: "طريقة الدفع",
  },
} as const;

/** The toasts on screen that overlap the element. */
async function toastsOver(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...document.querySelectorAll("[data-sonner-toast]")]
      .filter((toast) => {
        const t = toast.getBoundingClientRect();
        return box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top;
      })
      .map((toast) => toast.textContent);
  });
}

/** From now on, each frame's page and scroll position, read back by the returned function. */
async function recordFrames(page: Page): Promise<() => Promise<{ path: string; y: number; h1: string }[]>> {
  await page.evaluate(() => {
    const frames: { path: string; y: number; h1: string }[] = [];
    const tick = () => {
      frames.push({ path: location.pathname, y: scrollY, h1: document.querySelector("h1")?.textContent ?? "" });
      if (frames.length < 900) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    Object.assign(window, { recordedFrames: frames });
  });
  return () => page.evaluate(() => (window as unknown as { recordedFrames: never[] }).recordedFrames);
}

for (const lang of ["en", "ar"] as const) {
  test(`on a phone no toast covers what the shopper is doing, and the order opens at its top (${lang})`, async ({
    page,
  }) => {
    const words = WORDS[lang];
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await page.goto(`/product/${STEAM.id}`);
    const add = page.getByRole("main").getByRole("button", { name: words.add, exact: true });
    await add.tap();
    const added = page.locator("[data-sonner-toast]").filter({ hasText: words.added });
    await expect(added).toBeVisible();
    expect(await toastsOver(add)).toEqual([]);

    // The toast itself leads to the cart.
    await added.getByRole("button", { name: words.viewCart }).tap();
    await expect(page.getByRole("heading", { level: 1, name: words.cart })).toBeVisible();
    const form = checkoutForm(page);
    for (const field of await form.locator("input").all()) expect(await toastsOver(field)).toEqual([]);

    const frames = await recordFrames(page);
    await placeOrderByForm(page, { lang, name: "Amira Ben Salah", email: uniqueEmail(`phone-${lang}`), tap: true });
    const howToPay = page.getByRole("heading", { name: words.howToPay });
    await expect(howToPay).toBeVisible();
    expect(await toastsOver(howToPay)).toEqual([]);
    // The page was at the bottom of the cart when the order was placed: the order's page shows first at its top.
    const shown = (await frames()).filter((frame) => frame.path === "/order-success" && frame.h1 !== "");
    expect(shown.length).toBeGreaterThan(0);
    expect(shown[0]?.y).toBe(0);
  });
}
