import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openStoreDb, type StoreDb } from "../../local/db.ts";
import { toggleWishlist } from "./wishlist-store.ts";

let db: StoreDb;
beforeEach(() => {
  db = openStoreDb(`wishlist-test-${Math.random()}`);
});
afterEach(async () => {
  await db.delete();
});

it("adds a product on the first toggle and removes it on the second", async () => {
  expect(await toggleWishlist("p1", db)).toBe(true);
  expect(await db.wishlist.get("p1")).toBeDefined();
  expect(await toggleWishlist("p1", db)).toBe(false);
  expect(await db.wishlist.count()).toBe(0);
});
