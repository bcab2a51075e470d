import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "@store/shared/currency";
import { buildSearchIndex, SEARCH_SORTS, searchProducts, type SearchIndex } from "./search-engine.ts";
import { packSearchIndex, unpackSearchIndex } from "./search-index-transfer.ts";
import { NO_FILTERS, type SearchFilters } from "./search-filters.ts";
import { makeCategory, makeProduct } from "../../test/catalog-builders.ts";

const categories = [makeCategory("c-gift", "Gift Cards"), makeCategory("c-steam", "Steam Wallet", "c-gift")];
const words = ["steam", "wallet", "carte", "édition", "bonus", "xbox", "بطاقة", "هدايا"];
const products = Array.from({ length: 120 }, (_, i) =>
  makeProduct({
    title: `${words[i % words.length]} ${words[(i * 3) % words.length]} ${i}`,
    description: `${words[(i * 5) % words.length]} ${words[(i * 7) % words.length]}`,
    categoryId: i % 3 === 0 ? "c-steam" : null,
    platform: i % 2 === 0 ? "PC" : "PS",
    price: { USD: 100 + ((i * 37) % 5000), TND: 0, EUR: 0, EGP: 0 },
    sales: (i * 13) % 17,
  }),
);

/** What a worker's message becomes on the page: a structured clone, its typed arrays handed over. */
function throughWorker(index: SearchIndex, version: number): SearchIndex {
  const { packed, transfer } = packSearchIndex(index, version);
  const received = structuredClone(packed, { transfer });
  expect(received.version).toBe(version);
  return unpackSearchIndex(received);
}

function titles(index: SearchIndex, query: string, sort: (typeof SEARCH_SORTS)[number], filters: SearchFilters) {
  return searchProducts(index, { query, filters, sort, currency: "USD", rates: DEFAULT_RATES })
    .slice()
    .map((p) => p.title);
}

describe("a search index built in a worker", () => {
  it("answers every query, sort and filter on the page exactly as where it was built", () => {
    const here = buildSearchIndex(products, categories);
    const there = throughWorker(buildSearchIndex(products, categories), 7);
    const filters: SearchFilters[] = [NO_FILTERS, { ...NO_FILTERS, platforms: ["PC"], giftCards: true, maxUsd: 25 }];
    for (const query of ["steam", "e", "wallet 1", "bonus steam", "بطاقه", "edition", "zzz", "steam wallet gift"])
      for (const sort of SEARCH_SORTS)
        for (const f of filters) {
          const expected = titles(here, query, sort, f);
          expect(titles(there, query, sort, f)).toEqual(expected);
        }
    expect(titles(there, "steam", "relevance", NO_FILTERS).length).toBeGreaterThan(10);
  });

  it("carries an empty catalog", () => {
    const there = throughWorker(buildSearchIndex([], categories), 1);
    expect(titles(there, "steam", "relevance", NO_FILTERS)).toEqual([]);
  });
});
