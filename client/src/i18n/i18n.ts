/** Lingui setup: catalogs are .po files compiled by @lingui/vite-plugin and loaded per language. The storefront's
 * first screens need only its catalog, loaded at start; the pages of an order (cart, checkout, an order, the
 * refusals they say) and the operator's console have catalogs of their own, loaded by their routes. */
import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "../features/prefs/prefs-rules.ts";

type Catalog = Record<Locale, () => Promise<{ messages: Messages }>>;

const storefront: Catalog = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  ar: () => import("./locales/ar/messages.po"),
};

const more = {
  orders: {
    en: () => import("./locales/en/orders.po"),
    fr: () => import("./locales/fr/orders.po"),
    ar: () => import("./locales/ar/orders.po"),
  },
  admin: {
    en: () => import("./locales/en/admin.po"),
    fr: () => import("./locales/fr/admin.po"),
    ar: () => import("./locales/ar/admin.po"),
  },
} satisfies Record<string, Catalog>;

/** The catalogs every language switch loads: the storefront's, and the others once a page needed them. */
const catalogs: Catalog[] = [storefront];

/** Loads a language's catalogs (missing entries were filled from English at compile time) and activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const parts = await Promise.all(catalogs.map((catalog) => catalog[locale]()));
  // A catalog added while these loaded (a page's, as it opens) is this language's too.
  for (const catalog of catalogs.slice(parts.length)) parts.push(await catalog[locale]());
  const messages: Messages = Object.assign({}, ...parts.map((part) => part.messages));
  i18n.loadAndActivate({ locale, messages });
}

const loading = new Map<keyof typeof more, Promise<void>>();

/** A catalog beyond the storefront's, for the active language and every switch after: "orders" (cart, checkout,
 * orders, refusals) or "admin" (the console). The routes that show them wait for this before their pages. */
export function loadMessages(name: keyof typeof more): Promise<void> {
  let load = loading.get(name);
  if (!load) {
    load = addCatalog(more[name]).catch((error: unknown) => {
      loading.delete(name); // the next page that needs it tries again
      throw error;
    });
    loading.set(name, load);
  }
  return load;
}

async function addCatalog(catalog: Catalog): Promise<void> {
  if (!catalogs.includes(catalog)) catalogs.push(catalog);
  // Until a language is active, activateLocale loads it with the rest; a switch while it loads loads it too.
  for (let locale: string | undefined; i18n.locale && locale !== i18n.locale;) {
    locale = i18n.locale;
    const { messages } = await catalog[locale as Locale]();
    i18n.load(locale, messages);
  }
}

export { i18n };
