import { expect, it } from "vitest";
import { hottestDeals, newest } from "./home-sections.ts";
import { product } from "./test/fixtures.ts";

it("hottest deals are the discounted products, biggest discount first", () => {
  const list = [product("a", { discountPercent: 10 }), product("b"), product("c", { discountPercent: 40 })];
  expect(hottestDeals(list).map((p) => p.id)).toEqual(["c", "a"]);
});

it("new and upcoming lists the newest first", () => {
  const list = [product("a", { createdAt: 1 }), product("b", { createdAt: 3 }), product("c", { createdAt: 2 })];
  expect(newest(list).map((p) => p.id)).toEqual(["b", "c", "a"]);
});
