/** The wishlist in IndexedDB (docs/decisions.md D2): a set of product ids. */
import { useLiveQuery } from "dexie-react-hooks";
import { db as defaultDb, type StoreDb } from "../../local/db.ts";

/** Adds the product when absent, removes it when present; resolves to the new state. */
export async function toggleWishlist(productId: string, db: StoreDb = defaultDb): Promise<boolean> {
  return db.transaction("rw", db.wishlist, async () => {
    if (await db.wishlist.get(productId)) {
      await db.wishlist.delete(productId);
      return false;
    }
    await db.wishlist.put({ productId, addedAt: Date.now() });
    return true;
  });
}

/** Wishlisted product ids, newest first. */
export function useWishlist(): string[] | undefined {
  return useLiveQuery(
    async () => (await defaultDb.wishlist.orderBy("addedAt").reverse().toArray()).map((r) => r.productId),
    [],
  );
}

export function useIsWishlisted(productId: string): boolean | undefined {
  return useLiveQuery(async () => (await defaultDb.wishlist.get(productId)) !== undefined, [productId]);
}
