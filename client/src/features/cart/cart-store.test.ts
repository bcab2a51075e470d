import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { storeDbPerTest } from "../../test/store-db.ts";
import { META } from "../../local/db.ts";
import { addToCart, clearCart, lineKey, removeCartLine, setCartQty } from "./cart-store.ts";

const db = storeDbPerTest("cart-test");

const lines = async () =>
  (await db().cart.orderBy("addedAt").toArray()).map(({ id, qty, variantId }) => ({ id, qty, variantId }));

describe("cart helpers", () => {
  it("adds one by default and raises the quantity of an existing line", async () => {
    await addToCart("p1", undefined, undefined, db());
    await addToCart("p1", 2, undefined, db());
    expect(await lines()).toEqual([{ id: "p1", qty: 3, variantId: undefined }]);
  });

  it("stops a line at the store's per-order limit (10 before the first sync) when more is added to it", async () => {
    await addToCart("p1", 8, undefined, db());
    await addToCart("p1", 5, undefined, db());
    expect(await lines()).toEqual([{ id: "p1", qty: 10, variantId: undefined }]);
  });

  it("follows the per-order limit the last sync brought", async () => {
    await db().meta.put({ key: META.settings, value: { maxQtyPerOrder: 4 } });
    await addToCart("p1", 3, undefined, db());
    await addToCart("p1", 3, undefined, db());
    expect(await lines()).toEqual([{ id: "p1", qty: 4, variantId: undefined }]);
  });

  it("keeps two variants of one product as two lines", async () => {
    await addToCart("p1", 1, "v1", db());
    await addToCart("p1", 1, "v2", db());
    expect(await db().cart.count()).toBe(2);
  });

  it("ignores a non-positive add for a product not in the cart", async () => {
    await addToCart("p1", 0, undefined, db());
    await addToCart("p1", -2, undefined, db());
    expect(await db().cart.count()).toBe(0);
  });

  it("removes a line whose quantity drops to zero or below", async () => {
    await addToCart("p1", 2, undefined, db());
    await addToCart("p1", -2, undefined, db());
    expect(await db().cart.count()).toBe(0);
  });

  it("sets a quantity, and removes the line when set to 0", async () => {
    await addToCart("p1", 1, undefined, db());
    const key = lineKey({ id: "p1" });
    await setCartQty(key, 5, db());
    expect(await lines()).toEqual([{ id: "p1", qty: 5, variantId: undefined }]);
    await setCartQty(key, 0, db());
    expect(await db().cart.count()).toBe(0);
  });

  it("keeps a line's addedAt when its quantity changes", async () => {
    await addToCart("p1", 1, undefined, db());
    const before = await db().cart.get(lineKey({ id: "p1" }));
    await new Promise((r) => setTimeout(r, 5));
    await addToCart("p1", 1, undefined, db());
    expect((await db().cart.get(lineKey({ id: "p1" })))?.addedAt).toBe(before?.addedAt);
  });

  it("lists lines in the order they were added, even when added within one millisecond", async () => {
    // "zz" sorts after "aa" by key, so only the time the line was added can put it first.
    const now = vi.spyOn(Date, "now").mockReturnValue(1_700_000_000_000);
    try {
      await addToCart("zz", 1, undefined, db());
      await addToCart("aa", 1, undefined, db());
      await addToCart("mm", 1, "v1", db());
    } finally {
      now.mockRestore();
    }
    expect((await lines()).map((l) => l.id)).toEqual(["zz", "aa", "mm"]);
  });

  it("removes one line and clears the whole cart", async () => {
    await addToCart("p1", 1, undefined, db());
    await addToCart("p2", 1, undefined, db());
    await removeCartLine(lineKey({ id: "p1" }), db());
    expect((await lines()).map((l) => l.id)).toEqual(["p2"]);
    await clearCart(db());
    expect(await db().cart.count()).toBe(0);
  });
});
