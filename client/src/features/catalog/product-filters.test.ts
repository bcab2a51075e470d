import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "@store/shared/currency";
import { applyFilters, DEFAULT_FILTERS, sliderMax } from "./product-filters.ts";
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
