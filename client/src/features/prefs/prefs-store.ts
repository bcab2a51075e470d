/** lang, theme and currency: localStorage (docs/decisions.md D2) plus the <html> attributes, observable from React. */
import { useSyncExternalStore } from "react";
import type { Currency } from "@store/shared/currency";
import {
  STORAGE_KEYS,
  applyPrefsToRoot,
  flipTheme,
  initialCurrency,
  initialLang,
  initialTheme,
  isLocale,
  linkedLang,
  mirrorInCookie,
  readStored as read,
  themeAfterSystemChange,
  type Locale,
  type Theme,
} from "./prefs-rules.ts";

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or quota: the choice still applies for this visit.
  }
  mirrorInCookie(document, key, value);
}

const lightQuery = (): MediaQueryList | null =>
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-color-scheme: light)")
    : null;

interface Prefs {
  lang: Locale;
  theme: Theme;
  currency: Currency;
}

let prefs: Prefs = {
  lang: initialLang(read(STORAGE_KEYS.lang), typeof location === "undefined" ? null : linkedLang(location.search)),
  theme: initialTheme(read(STORAGE_KEYS.theme), lightQuery()?.matches ?? false),
  currency: initialCurrency(read(STORAGE_KEYS.currency)),
};

const listeners = new Set<() => void>();
function update(next: Partial<Prefs>): void {
  prefs = { ...prefs, ...next };
  applyToDocument();
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyToDocument(): void {
  applyPrefsToRoot(document.documentElement, prefs.lang, prefs.theme);
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = prefs.theme === "light" ? "#f6f7fb" : "#0f1117";
  // The installed app's colours follow the theme too: a manifest for light, one for dark (client/vite-plugins.ts).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = prefs.theme === "light" ? "/manifest-light.webmanifest" : "/manifest.webmanifest";
  if (manifest && manifest.getAttribute("href") !== href) manifest.setAttribute("href", href);
}

/** Follows system theme changes while no theme is stored. */
export function watchSystemTheme(): () => void {
  const query = lightQuery();
  if (!query) return () => {};
  const onChange = (event: MediaQueryListEvent) => {
    const theme = themeAfterSystemChange(read(STORAGE_KEYS.theme), prefs.theme, event.matches);
    if (theme !== prefs.theme) update({ theme });
  };
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export const getLang = (): Locale => prefs.lang;
const getTheme = (): Theme => prefs.theme;
const getCurrency = (): Currency => prefs.currency;

export function setLang(lang: Locale): void {
  write(STORAGE_KEYS.lang, lang);
  update({ lang });
}

/** Whether the shopper chose a language on this device (else the storefront speaks its default). */
export function langChosen(): boolean {
  return isLocale(read(STORAGE_KEYS.lang));
}

/** Speaks `lang` on this visit without storing it as the shopper's choice. */
export function speakForNow(lang: Locale): void {
  if (lang !== prefs.lang) update({ lang });
}

export function toggleTheme(): void {
  const theme = flipTheme(prefs.theme);
  write(STORAGE_KEYS.theme, theme);
  update({ theme });
}

export function setCurrency(currency: Currency): void {
  write(STORAGE_KEYS.currency, currency);
  update({ currency });
}

export const useLang = (): Locale => useSyncExternalStore(subscribe, getLang, getLang);
export const useTheme = (): Theme => useSyncExternalStore(subscribe, getTheme, getTheme);
export const useCurrency = (): Currency => useSyncExternalStore(subscribe, getCurrency, getCurrency);
