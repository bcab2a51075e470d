import { describe, expect, it } from "vitest";
import { addToCart, lineKey, removeLine, setQuantity } from "./cart.ts";

describe("cart rules", () => {
  it("adds a product with a default step of 1 and raises its quantity", () => {
    let cart = addToCart([], "a");
    cart = addToCart(cart, "a", 2);
    expect(cart).toEqual([{ id: "a", qty: 3 }]);
  });

  it("removes a line whose quantity drops to 0 or less", () => {
    const cart = addToCart([{ id: "a", qty: 1 }], "a", -1);
    expect(cart).toEqual([]);
  });

  it("ignores a non-positive add for a product not in the cart", () => {
    expect(addToCart([], "a", 0)).toEqual([]);
    expect(addToCart([], "a", -2)).toEqual([]);
  });

  it("keeps two variants of one product as two lines", () => {
    let cart = addToCart([], "p", 1, "v1");
    cart = addToCart(cart, "p", 1, "v2");
    expect(cart).toHaveLength(2);
    expect(setQuantity(cart, lineKey({ id: "p", variantId: "v1" }), 0)).toHaveLength(1);
    expect(removeLine(cart, lineKey({ id: "p", variantId: "v2" }))).toEqual([{ id: "p", qty: 1, variantId: "v1" }]);
  });
});
