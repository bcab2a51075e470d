import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { storeDbPerTest } from "../../test/store-db.ts";
import { moveToCart, priceChange, toggleWishlist } from "./wishlist-store.ts";

const db = storeDbPerTest("wishlist-test");

it("adds a product with the prices shown on the first toggle and removes it on the second", async () => {
  expect(await toggleWishlist("p1", { USD: 2000, TND: 6400 }, db())).toBe(true);
  expect(await db().wishlist.get("p1")).toMatchObject({ productId: "p1", prices: { USD: 2000, TND: 6400 } });
  expect(await toggleWishlist("p1", {}, db())).toBe(false);
  expect(await db().wishlist.count()).toBe(0);
});

it("moves a product to the cart and off the wishlist in one step", async () => {
  await toggleWishlist("p1", {}, db());
  await toggleWishlist("p2", {}, db());
  await moveToCart("p1", "v3", db());
  expect(await db().cart.toArray()).toEqual([expect.objectContaining({ id: "p1", variantId: "v3", qty: 1 })]);
  expect((await db().wishlist.toArray()).map((r) => r.productId)).toEqual(["p2"]);
});

describe("priceChange", () => {
  const row = { productId: "p1", addedAt: 1, prices: { USD: 2000 } };
  it("reports the price the shopper saw when it differs from now", () => {
    expect(priceChange(row, "USD", 1500)).toEqual({ was: 2000 });
    expect(priceChange(row, "USD", 2500)).toEqual({ was: 2000 });
  });
  it("reports nothing when unchanged or not known in that currency", () => {
    expect(priceChange(row, "USD", 2000)).toBeNull();
    expect(priceChange(row, "EUR", 1800)).toBeNull();
    expect(priceChange({ productId: "p1", addedAt: 1 }, "USD", 1800)).toBeNull();
  });
});
