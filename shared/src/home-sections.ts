/** Which products each home section shows (docs/decisions.md D16); pure for tests. */
import type { Category, Product } from "./schemas/catalog.ts";

/** Products each home section shows; /api/first sends as many, chosen by the same rules. Declared here, not beside
 * the schemas, so the home page does not load zod for a number. */
export const HOME_SECTION_SIZE = 8;

/** Discounted products, biggest discount first (docs/decisions.md D16). */
export function hottestDeals(products: readonly Product[]): Product[] {
  return products
    .filter((p) => p.discountPercent > 0)
    .sort((a, b) => b.discountPercent - a.discountPercent || b.createdAt - a.createdAt);
}

/** Newest products first (docs/decisions.md D16). */
export function newest(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => b.createdAt - a.createdAt);
}

/** Best sellers first, then newest. */
export function featured(products: readonly Product[]): Product[] {
  return [...products].filter((p) => p.inStock).sort((a, b) => b.sales - a.sales || b.createdAt - a.createdAt);
}

/** A "Shop by category" tile: its words (messages of the storefront's catalogs) and the category it opens. */
export interface HomeTile {
  key: "gift" | "console" | "pc" | "esports";
  keywords: readonly string[];
  fallbackSlug: string;
  title: string;
  text: string;
}

export const HOME_TILES: readonly HomeTile[] = [
  {
    key: "gift",
    keywords: ["gift"],
    fallbackSlug: "gift-cards",
    title: "Gift cards",
    text: "Store credit for every platform",
  },
  {
    key: "console",
    keywords: ["console", "playstation", "xbox", "nintendo"],
    fallbackSlug: "console",
    title: "Console",
    text: "PlayStation, Xbox and Switch",
  },
  { key: "pc", keywords: ["pc", "steam"], fallbackSlug: "pc", title: "PC", text: "Game keys and software" },
  {
    key: "esports",
    keywords: ["esport", "e-sport"],
    fallbackSlug: "esports",
    title: "Esports",
    text: "In-game currency and passes",
  },
];

/** A tile links to its category: the expected slug, else a top-level category named like it. */
export function tileSlug(tile: HomeTile, categories: readonly Category[]): string {
  if (categories.some((c) => c.slug === tile.fallbackSlug)) return tile.fallbackSlug;
  const match = categories.find((c) => c.parentId === null && tile.keywords.some((k) => c.slug.includes(k)));
  return match?.slug ?? tile.fallbackSlug;
}
