/** Lingui setup: catalogs are .po files compiled by @lingui/vite-plugin and loaded per language. */
import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "../features/prefs/prefs-rules.ts";

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  ar: () => import("./locales/ar/messages.po"),
};

/** Loads a language's catalog (missing entries were filled from English at compile time) and activates it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
}

export { i18n };
