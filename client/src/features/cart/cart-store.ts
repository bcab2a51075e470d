/** The shopper's cart in IndexedDB (docs/decisions.md D2), changed only through the pure rules of shared/cart.ts. */
import { useLiveQuery } from "dexie-react-hooks";
import * as rules from "@store/shared/cart";
import { orderLimitsOf } from "@store/shared/store-settings";
import { db as defaultDb, META, type CartRow, type StoreDb } from "../../local/db.ts";

export type { CartRow };
export const lineKey = rules.lineKey;

function toLine(row: CartRow): rules.CartLine {
  return row.variantId ? { id: row.id, qty: row.qty, variantId: row.variantId } : { id: row.id, qty: row.qty };
}

/** Replaces the stored lines with `next`, keeping each surviving line's addedAt. A new line comes after every
 * line already there, even when two are added within the same millisecond, so the cart lists lines in the
 * order they were added. */
async function writeLines(db: StoreDb, before: readonly CartRow[], next: readonly rules.CartLine[]): Promise<void> {
  const addedAt = new Map(before.map((row) => [row.key, row.addedAt] as const));
  const now = Math.max(Date.now(), ...before.map((row) => row.addedAt + 1));
  const rows: CartRow[] = next.map((line) => {
    const key = rules.lineKey(line);
    const row: CartRow = { key, id: line.id, qty: line.qty, addedAt: addedAt.get(key) ?? now };
    if (line.variantId) row.variantId = line.variantId;
    return row;
  });
  const keep = new Set(rows.map((row) => row.key));
  await db.cart.bulkDelete(before.filter((row) => !keep.has(row.key)).map((row) => row.key));
  await db.cart.bulkPut(rows);
}

/** Changes the lines within the caller's transaction (on db.cart and db.meta). */
async function changeLines(
  db: StoreDb,
  apply: (lines: rules.CartLine[], maxQty: number) => rules.CartLine[],
): Promise<void> {
  const before = await db.cart.toArray();
  // The store's per-order limit, as last synced (its default before the first sync).
  const maxQty = orderLimitsOf((await db.meta.get(META.settings))?.value).maxQtyPerOrder;
  await writeLines(db, before, apply(before.map(toLine), maxQty));
}

/** Changes the lines in one transaction. */
async function change(
  db: StoreDb,
  apply: (lines: rules.CartLine[], maxQty: number) => rules.CartLine[],
): Promise<void> {
  await db.transaction("rw", db.cart, db.meta, () => changeLines(db, apply));
}

/** Adding to a line already in the cart stops at the order's limit, which its cart line then says. */
function addCapped(lines: rules.CartLine[], maxQty: number, id: string, qty: number, variantId?: string) {
  return rules
    .addToCart(lines, id, qty, variantId)
    .map((line) => (line.qty > maxQty ? { ...line, qty: maxQty } : line));
}

/** Adds qty (default 1) of a product (or one of its variants). */
export function addToCart(id: string, qty = 1, variantId?: string, db: StoreDb = defaultDb): Promise<void> {
  return change(db, (lines, maxQty) => addCapped(lines, maxQty, id, qty, variantId));
}

/** Adds the lines tapped before the app ran, once: the move's token is kept with them, in the same transaction, and
 * a move whose token is kept already adds nothing. Answers whether it added them. */
export function addEarlyLines(
  token: string,
  lines: readonly { id: string; qty: number; variantId?: string }[],
  db: StoreDb = defaultDb,
): Promise<boolean> {
  return db.transaction("rw", db.cart, db.meta, async () => {
    if ((await db.meta.get(META.earlyCartMoved))?.value === token) return false;
    await changeLines(db, (before, maxQty) =>
      lines.reduce((next, line) => addCapped(next, maxQty, line.id, line.qty, line.variantId), before),
    );
    await db.meta.put({ key: META.earlyCartMoved, value: token });
    return true;
  });
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartQty(key: string, qty: number, db: StoreDb = defaultDb): Promise<void> {
  return change(db, (lines) => rules.setQuantity(lines, key, qty));
}

export function removeCartLine(key: string, db: StoreDb = defaultDb): Promise<void> {
  return change(db, (lines) => rules.removeLine(lines, key));
}

export async function clearCart(db: StoreDb = defaultDb): Promise<void> {
  await db.cart.clear();
}

/** Cart lines in the order they were added; undefined while IndexedDB answers. */
export function useCart(): CartRow[] | undefined {
  return useLiveQuery(() => defaultDb.cart.orderBy("addedAt").toArray(), []);
}

/** Number of distinct cart lines (the header badge). */
export function useCartCount(): number {
  return useLiveQuery(() => defaultDb.cart.count(), []) ?? 0;
}
