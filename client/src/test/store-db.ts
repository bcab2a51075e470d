/** A fresh local store for each test of a file, deleted after it. The test file imports "fake-indexeddb/auto"
 * first, before anything that loads Dexie. */
import { afterEach, beforeEach } from "vitest";
import { openStoreDb, type StoreDb } from "../local/db.ts";

/** Registers the hooks in the calling file (or describe block); the returned function gives the current
 * test's store. */
export function storeDbPerTest(name: string): () => StoreDb {
  let db: StoreDb | undefined;
  let n = 0;
  beforeEach(() => {
    n += 1;
    db = openStoreDb(`${name}-${n}`);
  });
  afterEach(async () => {
    await db?.delete();
    db = undefined;
  });
  return () => {
    if (!db) throw new Error("the test store is open only while a test runs");
    return db;
  };
}

/** The cart as stored on the device: product, option and quantity of each line, in the order they were added. */
export async function storedCartLines(db: StoreDb) {
  return (await db.cart.orderBy("addedAt").toArray()).map(({ id, variantId, qty }) => ({ id, variantId, qty }));
}
