/**
 * The shopper's language and currency as the server reads them for a page's first screen: the app keeps them in
 * localStorage, which a server never sees, and mirrors them in cookies of the same names, sent with every page.
 */
import { coerceCurrency, type Currency } from "./currency.ts";

export const PAGE_LANGS = ["en", "fr", "ar"] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

/** The cookies' names, the same as the localStorage keys they mirror. */
export const PREF_COOKIES = { lang: "lang", currency: "currency" } as const;

/** A year: a preference lasts until the shopper changes it. */
const PREF_COOKIE_MAX_AGE = 365 * 24 * 3600;

export interface PagePrefs {
  lang: PageLang;
  currency: Currency;
}

export const isPageLang = (value: unknown): value is PageLang =>
  typeof value === "string" && (PAGE_LANGS as readonly string[]).includes(value);

/** The preferences a Cookie header carries; English and US dollars where it carries none (as the app starts). A
 * language the shopper never chose comes from the link instead when it names one (`linked`, its `lang` parameter:
 * a mail's link to the private order page names the order's language), as the app reads it (prefs-rules.ts). */
export function prefsFromCookies(header: string | undefined, linked?: string): PagePrefs {
  const values = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const lang = values.get(PREF_COOKIES.lang);
  return {
    lang: isPageLang(lang) ? lang : isPageLang(linked) ? linked : "en",
    currency: coerceCurrency(values.get(PREF_COOKIES.currency)),
  };
}

/** The Set-Cookie text (for document.cookie) that mirrors one preference. */
export function prefCookie(name: keyof typeof PREF_COOKIES, value: string): string {
  return `${PREF_COOKIES[name]}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREF_COOKIE_MAX_AGE}; SameSite=Lax`;
}
