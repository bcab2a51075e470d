/** Lingui setup: catalogs are .po files compiled by @lingui/vite-plugin and loaded per language. The storefront's
 * catalog loads at start; the operator console's words are a catalog of their own, loaded with its pages. */
import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "../features/prefs/prefs-rules.ts";

type Catalog = Record<Locale, () => Promise<{ messages: Messages }>>;

const storefront: Catalog = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  ar: () => import("./locales/ar/messages.po"),
};

const admin: Catalog = {
  en: () => import("./locales/en/admin.po"),
  fr: () => import("./locales/fr/admin.po"),
  ar: () => import("./locales/ar/admin.po"),
};

/** The catalogs every language switch loads: the storefront's, and the console's once it has opened. */
const catalogs: Catalog[] = [storefront];

/** Loads a language's catalogs (missing entries were filled from English at compile time) and activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const parts = await Promise.all(catalogs.map((catalog) => catalog[locale]()));
  // A catalog added while these loaded (the console's, as its page opens) is this language's too.
  for (const catalog of catalogs.slice(parts.length)) parts.push(await catalog[locale]());
  const messages: Messages = Object.assign({}, ...parts.map((part) => part.messages));
  i18n.loadAndActivate({ locale, messages });
}

let adminLoad: Promise<void> | undefined;

/** The console's words, for the active language and every switch after: its routes wait for this before
 * showing a page. */
export function loadAdminMessages(): Promise<void> {
  adminLoad ??= loadAdmin().catch((error: unknown) => {
    adminLoad = undefined; // the next page of the console tries again
    throw error;
  });
  return adminLoad;
}

async function loadAdmin(): Promise<void> {
  if (!catalogs.includes(admin)) catalogs.push(admin);
  // Until a language is active, activateLocale loads them with the rest; a switch while they load loads them too.
  for (let locale: string | undefined; i18n.locale && locale !== i18n.locale;) {
    locale = i18n.locale;
    const { messages } = await admin[locale as Locale]();
    i18n.load(locale, messages);
  }
}

export { i18n };
