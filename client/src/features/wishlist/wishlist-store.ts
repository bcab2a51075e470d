/** The wishlist in IndexedDB (docs/decisions.md D2): saved product ids, each with the price the shopper saw. */
import { useLiveQuery } from "dexie-react-hooks";
import type { Currency } from "@store/shared/currency";
import { db as defaultDb, type StoreDb, type WishlistRow } from "../../local/db.ts";
import { addToCart } from "../cart/cart-store.ts";

export type { WishlistRow };
export type SavedPrices = Partial<Record<Currency, number>>;

/** Adds the product (with the prices shown now) when absent, removes it when present; resolves to the new state. */
export async function toggleWishlist(
  productId: string,
  pricesNow: SavedPrices = {},
  db: StoreDb = defaultDb,
): Promise<boolean> {
  return db.transaction("rw", db.wishlist, async () => {
    if (await db.wishlist.get(productId)) {
      await db.wishlist.delete(productId);
      return false;
    }
    await db.wishlist.put({ productId, addedAt: Date.now(), prices: pricesNow });
    return true;
  });
}

export async function removeFromWishlist(productId: string, db: StoreDb = defaultDb): Promise<void> {
  await db.wishlist.delete(productId);
}

/** Puts one of the product (or of the chosen option) in the cart and takes it off the wishlist, together. */
export async function moveToCart(productId: string, variantId?: string, db: StoreDb = defaultDb): Promise<void> {
  // The cart reads the store's per-order limit from meta.
  await db.transaction("rw", db.cart, db.wishlist, db.meta, async () => {
    await addToCart(productId, 1, variantId, db);
    await db.wishlist.delete(productId);
  });
}

/** How a price moved since the shopper saved the product: null when unknown (saved in another currency, or
 * by an older version of the app) or unchanged. */
export function priceChange(row: WishlistRow, currency: Currency, now: number): { was: number } | null {
  const was = row.prices?.[currency];
  return was === undefined || was === now ? null : { was };
}

/** Wishlist rows, newest first; undefined while IndexedDB answers. */
export function useWishlist(): WishlistRow[] | undefined {
  return useLiveQuery(() => defaultDb.wishlist.orderBy("addedAt").reverse().toArray(), []);
}

/** Number of saved products (the header's badge). */
export function useWishlistCount(): number {
  return useLiveQuery(() => defaultDb.wishlist.count(), []) ?? 0;
}

export function useIsWishlisted(productId: string): boolean | undefined {
  return useLiveQuery(async () => (await defaultDb.wishlist.get(productId)) !== undefined, [productId]);
}
