import { describe, expect, it } from "vitest";
import {
  NO_FILTERS,
  PLATFORM_FILTERS,
  filterPredicate,
  filtersKey,
  hasFilters,
  toggleCap,
  toggleValue,
  type FilterFacts,
} from "./search-filters.ts";

const facts = (over: Partial<FilterFacts> = {}): FilterFacts => ({
  platform: "PC",
  region: "Global",
  giftCard: false,
  usdPrice: 1000,
  ...over,
});

describe("search filters", () => {
  it("toggles a chip on and off, keeping the chip order", () => {
    const on = toggleValue(["Switch"], "PC", PLATFORM_FILTERS);
    expect(on).toEqual(["PC", "Switch"]);
    expect(toggleValue(on, "Switch", PLATFORM_FILTERS)).toEqual(["PC"]);
  });

  it("toggles a price cap off when clicked again and switches to another cap", () => {
    expect(toggleCap(null, 10)).toBe(10);
    expect(toggleCap(10, 25)).toBe(25);
    expect(toggleCap(25, 25)).toBeNull();
  });

  it("has no predicate when nothing is chosen", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(filterPredicate(NO_FILTERS)).toBeNull();
  });

  it("requires the platform and the region to be in the chosen sets", () => {
    const keep = filterPredicate({ ...NO_FILTERS, platforms: ["PS", "Xbox"], regions: ["EU"] });
    expect(keep?.(facts({ platform: "PS", region: "EU" }))).toBe(true);
    expect(keep?.(facts({ platform: "PC", region: "EU" }))).toBe(false);
    expect(keep?.(facts({ platform: "Xbox", region: "US" }))).toBe(false);
  });

  it("keeps a price equal to the cap and drops one a cent above it", () => {
    const keep = filterPredicate({ ...NO_FILTERS, maxUsd: 25 });
    expect(keep?.(facts({ usdPrice: 2500 }))).toBe(true);
    expect(keep?.(facts({ usdPrice: 2501 }))).toBe(false);
  });

  it("keeps only gift cards when the Gift cards chip is on", () => {
    const keep = filterPredicate({ ...NO_FILTERS, giftCards: true });
    expect(keep?.(facts({ giftCard: true }))).toBe(true);
    expect(keep?.(facts())).toBe(false);
  });

  it("gives different cache keys to different filters", () => {
    expect(filtersKey({ ...NO_FILTERS, platforms: ["PC"] })).not.toBe(filtersKey({ ...NO_FILTERS, regions: ["EU"] }));
    expect(filtersKey(NO_FILTERS)).toBe(filtersKey({ ...NO_FILTERS }));
  });
});
