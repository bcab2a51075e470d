/** The catalog in the shopper's language (docs/product.md, "Catalog languages"): the operator's French or Arabic
 * texts where given, the default ones elsewhere. Rows without translations come back as the same objects. */
import { useMemo } from "react";
import { localizeBanner, localizeCategory, localizeProduct } from "@store/shared/catalog-translations";
import type { Banner, Category, Product } from "@store/shared/schemas/catalog";
import { useLang } from "../prefs/prefs-store.ts";
import { useBanners, useCategories } from "./catalog-hooks.ts";

export function useLocalizedCategories(): Category[] | undefined {
  const categories = useCategories();
  const lang = useLang();
  return useMemo(() => categories?.map((c) => localizeCategory(c, lang)), [categories, lang]);
}

export function useLocalizedBanners(): Banner[] {
  const banners = useBanners();
  const lang = useLang();
  return useMemo(() => banners.map((b) => localizeBanner(b, lang)), [banners, lang]);
}

export function useLocalizedProduct<P extends Product | null | undefined>(product: P): P {
  const lang = useLang();
  return useMemo(() => (product ? localizeProduct(product, lang) : product), [product, lang]);
}
