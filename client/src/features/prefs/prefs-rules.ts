/** Initial-value rules for the preferences kept in localStorage (docs/product.md, "Preferences"), and how they show on
 * <html>: the app and the boot script inlined into index.html (src/app/boot-script.ts) both use them. */
import { coerceCurrency, type Currency } from "@store/shared/currency";
import { PAGE_LANGS, prefCookie, PREF_COOKIES } from "@store/shared/page-prefs";

export const LOCALES = PAGE_LANGS;
export type Locale = (typeof LOCALES)[number];
export type Theme = "light" | "dark";

export const STORAGE_KEYS = { lang: "lang", theme: "theme", currency: "currency" } as const;

/** A stored value, or null when there is none or storage is refused (private mode, blocked cookies). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Mirrors a stored language or currency in its cookie, so the server writes pages in it
 * (shared/src/page-prefs.ts); other keys are the device's own. */
export function mirrorInCookie(doc: Document, key: string, value: string | null): void {
  const name = key === PREF_COOKIES.lang ? "lang" : key === PREF_COOKIES.currency ? "currency" : undefined;
  if (value === null || name === undefined) return;
  try {
    doc.cookie = prefCookie(name, value);
  } catch {
    // Cookies refused: pages are written in English and dollars until the app renders them.
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The stored language if known; else the one the page's link names (its `lang` parameter: a mail's link to the
 * private order page names the order's language), spoken for the visit without becoming the shopper's choice; else
 * English. The server writes the page's first screen by the same rule (shared/src/page-prefs.ts). */
export function initialLang(stored: string | null, linked: string | null = null): Locale {
  return isLocale(stored) ? stored : isLocale(linked) ? linked : "en";
}

/** The language a page's address names (`?lang=ar`), if any. */
export function linkedLang(search: string): string | null {
  return new URLSearchParams(search).get("lang");
}

export function directionOf(lang: Locale): "rtl" | "ltr" {
  return lang === "ar" ? "rtl" : "ltr";
}

/** Writes the language, its direction and the theme onto the document's root element. */
export function applyPrefsToRoot(root: HTMLElement, lang: Locale, theme: Theme): void {
  root.lang = lang;
  root.dir = directionOf(lang);
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** Stored theme, else the system preference: light if the system prefers light, else dark. */
export function initialTheme(stored: string | null, systemPrefersLight: boolean): Theme {
  if (isTheme(stored)) return stored;
  return systemPrefersLight ? "light" : "dark";
}

/** Follows a system change only while nothing is stored. */
export function themeAfterSystemChange(stored: string | null, current: Theme, systemPrefersLight: boolean): Theme {
  return isTheme(stored) ? current : systemPrefersLight ? "light" : "dark";
}

export function flipTheme(theme: Theme): Theme {
  return theme === "light" ? "dark" : "light";
}

/** Stored currency if it is one of the four, else USD. */
export function initialCurrency(stored: string | null): Currency {
  return coerceCurrency(stored);
}
