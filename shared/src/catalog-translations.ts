/**
 * Catalog text in the shopper's language (docs/product.md, "Catalog languages"): the operator may give a product's
 * title, tagline and description, a category's name and a banner's title in French and Arabic; each is optional and
 * the default text stands in for any left out. No zod here: the storefront's bundle reads these on every card.
 */
import { isRecord } from "./is-record.ts";

/** The languages a catalog text may be translated into (English is the default text itself). */
export const CATALOG_LANGS = ["fr", "ar"] as const;
export type CatalogLang = (typeof CATALOG_LANGS)[number];

export interface ProductText {
  title?: string;
  tagline?: string;
  description?: string;
}
export type ProductTranslations = Partial<Record<CatalogLang, ProductText>>;
export type CategoryTranslations = Partial<Record<CatalogLang, { name?: string }>>;
export type BannerTranslations = Partial<Record<CatalogLang, { title?: string }>>;

export function isCatalogLang(lang: string): lang is CatalogLang {
  return (CATALOG_LANGS as readonly string[]).includes(lang);
}

type Texts = object;

/** The translations without their empty texts and languages (undefined when nothing is left): what is stored and
 * synced, so a product without translations carries none. */
export function compactTranslations<T extends Texts>(
  translations: Partial<Record<CatalogLang, T>> | undefined,
): Partial<Record<CatalogLang, T>> | undefined {
  let out: Partial<Record<CatalogLang, T>> | undefined;
  for (const lang of CATALOG_LANGS) {
    const given = translations?.[lang];
    if (!given) continue;
    const kept = Object.fromEntries(
      Object.entries(given).filter(([, text]) => typeof text === "string" && text !== ""),
    );
    if (Object.keys(kept).length > 0) (out ??= {})[lang] = kept as T;
  }
  return out;
}

/** A row's translations in `lang`, when it has some. */
function textsIn<T>(translations: Partial<Record<CatalogLang, T>> | undefined, lang: string): T | undefined {
  return translations && isCatalogLang(lang) ? translations[lang] : undefined;
}

/** The product as a shopper reading `lang` sees it: its translated texts, the default ones where none was given. The
 * same object when nothing changes (no translation, or English). */
export function localizeProduct<
  P extends { title: string; tagline: string; description: string; translations?: ProductTranslations },
>(product: P, lang: string): P {
  const t = textsIn(product.translations, lang);
  if (!t) return product;
  return {
    ...product,
    title: t.title || product.title,
    tagline: t.tagline || product.tagline,
    description: t.description || product.description,
  };
}

/** A row with one translatable text, `key`, as a shopper reading `lang` sees it: the same object when it has no
 * translation there. */
function localizeText<
  K extends string,
  R extends Record<K, string> & { translations?: Partial<Record<CatalogLang, Partial<Record<K, string>>>> },
>(row: R, key: K, lang: string): R {
  const text = textsIn(row.translations, lang)?.[key];
  return text ? { ...row, [key]: text } : row;
}

export function localizeCategory<C extends { name: string; translations?: CategoryTranslations }>(
  category: C,
  lang: string,
): C {
  return localizeText(category, "name", lang);
}

export function localizeBanner<B extends { title: string; translations?: BannerTranslations }>(
  banner: B,
  lang: string,
): B {
  return localizeText(banner, "title", lang);
}

/** Stored as JSON text; "" (the column's default) for none. */
export function encodeTranslations(translations: object | undefined): string {
  return translations && Object.keys(translations).length > 0 ? JSON.stringify(translations) : "";
}

/** The stored text read back: undefined for none (or for text that is not an object, left by hand). */
export function decodeTranslations<T extends object>(text: string): T | undefined {
  if (text === "") return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return isRecord(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
