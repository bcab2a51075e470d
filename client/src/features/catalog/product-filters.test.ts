import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "@store/shared/currency";
import {
  applyFilters,
  DEFAULT_FILTERS,
  filtersFromSearch,
  parseProductSearch,
  searchFromFilters,
  sliderMax,
} from "./product-filters.ts";
import { category, product } from "../../test/fixtures.ts";

const rates = DEFAULT_RATES;
const products = [
  product("a", { title: "Alpha", price: { USD: 5000, TND: 0, EUR: 0, EGP: 0 }, categoryId: "c1" }),
  product("b", { title: "Bravo", price: { USD: 1000, TND: 0, EUR: 0, EGP: 0 }, categoryId: "c2" }),
  product("c", {
    title: "Charlie",
    price: { USD: 3000, TND: 0, EUR: 0, EGP: 0 },
    discountPercent: 50,
    categoryId: "sub",
  }),
];
const categories = [category("c1"), category("c2"), category("sub", { parentId: "c1" })];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe("All Products filters", () => {
  it("sorts by name ascending by default", () => {
    expect(ids(applyFilters(products, categories, DEFAULT_FILTERS, "USD", rates))).toEqual(["a", "b", "c"]);
  });
  it("sorts by name descending and by the price the shopper pays", () => {
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, sort: "name-desc" }, "USD", rates))).toEqual([
      "c",
      "b",
      "a",
    ]);
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, sort: "price-asc" }, "USD", rates))).toEqual([
      "b",
      "c",
      "a",
    ]);
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, sort: "price-desc" }, "USD", rates))).toEqual([
      "a",
      "c",
      "b",
    ]);
  });
  it("a category includes the products of its subcategories", () => {
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, categoryId: "c1" }, "USD", rates))).toEqual([
      "a",
      "c",
    ]);
  });
  it("filters by price range in the selected currency", () => {
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, min: 10, max: 20 }, "USD", rates))).toEqual([
      "b",
      "c",
    ]);
    // 10 USD = 500 EGP, 15 USD (discounted) = 750 EGP, 50 USD = 2500 EGP
    expect(ids(applyFilters(products, categories, { ...DEFAULT_FILTERS, max: 1000 }, "EGP", rates))).toEqual([
      "b",
      "c",
    ]);
  });
  it("the slider goes to at least 1000, else the top price rounded up to the step", () => {
    expect(sliderMax(products, "USD", rates)).toBe(1000);
    expect(sliderMax(products, "EGP", rates)).toBe(2500);
    expect(sliderMax([], "USD", rates)).toBe(1000);
  });
});

describe("filters in the address", () => {
  const cats = [category("c1", { slug: "gift-cards" }), category("c2", { slug: "esports" })];

  it("reads category slug, sort and price range, dropping defaults and malformed values", () => {
    expect(parseProductSearch({ category: "esports", sort: "price-desc", min: 10, max: "200" })).toEqual({
      category: "esports",
      sort: "price-desc",
      min: 10,
      max: 200,
    });
    expect(parseProductSearch({ category: " ", sort: "cheapest", min: -5, max: 2.5 })).toEqual({});
    expect(parseProductSearch({ sort: "name-asc", min: 0 })).toEqual({});
  });

  it("turns the address into filters and back", () => {
    const filters = filtersFromSearch({ category: "esports", sort: "price-asc", min: 20, max: 10 }, cats);
    expect(filters).toEqual({ categoryId: "c2", sort: "price-asc", min: 20, max: 20 });
    expect(searchFromFilters(filters, cats)).toEqual({ category: "esports", sort: "price-asc", min: 20, max: 20 });
    expect(filtersFromSearch({ category: "gone" }, cats)).toEqual(DEFAULT_FILTERS);
    expect(searchFromFilters(DEFAULT_FILTERS, cats)).toEqual({});
  });
});
