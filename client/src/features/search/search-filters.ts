/** The overlay's filter chips (docs/product.md, "Search overlay") as plain data and predicates. */
import { PRODUCT_REGIONS, SEARCH_PLATFORMS } from "@store/shared/catalog-choices";

/** The same values the product editor offers (shared/src/catalog-choices.ts). */
export const PLATFORM_FILTERS = SEARCH_PLATFORMS;
type PlatformFilter = (typeof PLATFORM_FILTERS)[number];

export const REGION_FILTERS = PRODUCT_REGIONS;
type RegionFilter = (typeof REGION_FILTERS)[number];

/** Price caps in whole US dollars (section 9). */
export const PRICE_CAPS_USD = [10, 25, 50] as const;
export type PriceCap = (typeof PRICE_CAPS_USD)[number];

export interface SearchFilters {
  platforms: readonly PlatformFilter[];
  regions: readonly RegionFilter[];
  /** Only products of the 'gift-cards' category or one of its subcategories. */
  giftCards: boolean;
  /** Keeps products whose displayed USD unit price (after discount) is at most this many dollars. */
  maxUsd: PriceCap | null;
}

export const NO_FILTERS: SearchFilters = { platforms: [], regions: [], giftCards: false, maxUsd: null };

/** What the predicate needs to know about a product, precomputed once per catalog version. */
export interface FilterFacts {
  platform: string;
  region: string;
  giftCard: boolean;
  /** Displayed USD unit price of the default variant, in cents. */
  usdPrice: number;
}

/** Adds the value when absent, removes it when present; keeps the canonical chip order. */
export function toggleValue<T extends string>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return order.filter((v) => next.includes(v));
}

/** Clicking the active cap turns it off; clicking another switches to it. */
export function toggleCap(current: PriceCap | null, cap: PriceCap): PriceCap | null {
  return current === cap ? null : cap;
}

export function hasFilters(filters: SearchFilters): boolean {
  return filters.platforms.length > 0 || filters.regions.length > 0 || filters.giftCards || filters.maxUsd !== null;
}

/** A stable string for cache keys. */
export function filtersKey(filters: SearchFilters): string {
  return [
    filters.platforms.join(","),
    filters.regions.join(","),
    filters.giftCards ? "g" : "",
    filters.maxUsd ?? "",
  ].join("|");
}

/** Builds the predicate once per run, so the hot loop only does set lookups and comparisons. */
export function filterPredicate(filters: SearchFilters): ((facts: FilterFacts) => boolean) | null {
  if (!hasFilters(filters)) return null;
  const platforms = filters.platforms.length > 0 ? new Set<string>(filters.platforms) : null;
  const regions = filters.regions.length > 0 ? new Set<string>(filters.regions) : null;
  const giftCards = filters.giftCards;
  const maxCents = filters.maxUsd === null ? null : filters.maxUsd * 100;
  return (facts) =>
    (platforms === null || platforms.has(facts.platform)) &&
    (regions === null || regions.has(facts.region)) &&
    (!giftCards || facts.giftCard) &&
    (maxCents === null || facts.usdPrice <= maxCents);
}
