/** Shared steps for the checkout specs: filling the cart through the UI and reading the dev mailbox. */
import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The server's DATA_DIR of playwright.config.ts (E2E_DATA_DIR overrides it for a side-by-side run). */
export const MAILBOX_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data", "mailbox");

/** Adds a product from its detail page (English UI), optionally picking a variant by name. */
export async function addFromProductPage(page: Page, id: string, variantName?: string): Promise<void> {
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (variantName) await page.getByRole("radio", { name: variantName }).check();
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
}

export function checkoutForm(page: Page) {
  return page.locator("form.checkout-form");
}

/** The checkout form's labels as the shopper reads them: the specs fill it by its words, so the words are checked too. */
const CHECKOUT_WORDS = {
  en: { name: "Full name", email: "Email", whatsapp: "WhatsApp number", placeOrder: "Place order" },
  ar: { name: "الاسم الكامل", email: "البريد الإلكتروني", whatsapp: "رقم واتساب", placeOrder: "تأكيد الطلب" },
} as const;

/** Fills the checkout form on the page by its labels in `lang` (a Tunisian WhatsApp number), places the order with a
 * click (a tap on a touch screen) and answers the order's code from the order-success page. */
export async function placeOrderByForm(
  page: Page,
  { lang, name, email, tap = false }: { lang: "en" | "ar"; name: string; email: string; tap?: boolean },
): Promise<string> {
  const words = CHECKOUT_WORDS[lang];
  const form = checkoutForm(page);
  await form.getByLabel(words.name).fill(name);
  await form.getByLabel(words.email, { exact: true }).fill(email);
  await form.getByLabel(words.whatsapp).fill("+216 20 123 456");
  const placeOrder = form.getByRole("button", { name: words.placeOrder });
  await (tap ? placeOrder.tap() : placeOrder.click());
  await page.waitForURL(/\/order-success\?code=PNR-/);
  return new URL(page.url()).searchParams.get("code") ?? "";
}

/** An order as the public checkout takes it; the WhatsApp number and the currency have defaults. */
export interface CheckoutBody {
  name: string;
  email: string;
  items: { id: string; qty: number }[];
  whatsapp?: string;
  currency?: "USD" | "TND" | "EUR" | "EGP";
  notes?: string;
  promoCode?: string | null;
  locale?: "en" | "fr" | "ar";
}

/** Places an order through the public checkout API (awaiting a manual payment) and answers its code; the test fails
 * with the server's answer when the checkout refuses it. */
export async function checkoutByApi(
  request: APIRequestContext,
  { whatsapp = "+216 20 555 123", currency = "USD", ...order }: CheckoutBody,
): Promise<string> {
  const res = await request.post("/api/checkout", { data: { ...order, whatsapp, currency } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { panierCode: string }).panierCode;
}

/** Cart with one product, details filled, currency chosen (by the form's ids, so it works in any language). */
export async function fillCheckout(page: Page, email: string, currency: string): Promise<void> {
  await page.goto("/cart");
  const form = checkoutForm(page);
  await form.locator("#checkout-name").fill("Amira Ben Salah");
  await form.locator("#checkout-email").fill(email);
  await form.locator("#checkout-whatsapp").fill("+216 20 123 456");
  await form.locator("#checkout-currency").selectOption(currency);
}

interface ParsedMail {
  subject?: string;
  text?: string;
  html?: string;
}
type Parser = { parse: (raw: Buffer) => Promise<ParsedMail> };

/** postal-mime is a dependency of the server package; load it from there. */
function postalMime(): Parser {
  const require = createRequire(path.resolve("server/package.json"));
  const mod = require("postal-mime") as { default?: Parser } & Parser;
  return mod.default ?? mod;
}

/** Waits for the .eml whose subject or text carries the order code, and returns it parsed. Options: another
 * server's mailbox, and a text the subject must also contain (to tell an order's mails apart). */
export async function findMail(
  code: string,
  { timeoutMs = 20_000, mailboxDir = MAILBOX_DIR, subject = "" } = {},
): Promise<ParsedMail & { file: string; raw: string }> {
  const parser = postalMime();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await fs.readdir(mailboxDir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith(".eml"))) {
      const raw = await fs.readFile(path.join(mailboxDir, file));
      const mail = await parser.parse(raw);
      if ((mail.subject?.includes(code) || mail.text?.includes(code)) && (mail.subject ?? "").includes(subject))
        return { ...mail, file, raw: raw.toString("utf8") };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no email for ${code} in ${mailboxDir}`);
}

/** A unique address per test run, so mails from earlier tests never match. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
