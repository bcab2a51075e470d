/** Moves into the cart what the shopper added from the server's first screen before the app ran
 * (src/app/early-cart.ts). */
import { t } from "@lingui/core/macro";
import { endEarlyMove, nextEarlyMove } from "../../app/early-cart.ts";
import { db as defaultDb, type StoreDb } from "../../local/db.ts";
import { toast } from "../../ui/toast.tsx";
import { addEarlyLines } from "./cart-store.ts";

/** Moves the early lines into the cart, those of a move a page left unfinished first; returns how many lines it
 * added. Each move is added once (cart-store.ts), and leaves storage only once the cart has it. */
export async function moveEarlyLines(storage: Storage = localStorage, db: StoreDb = defaultDb): Promise<number> {
  let moved = 0;
  // At most an unfinished move and the new lines; more means storage does not keep what it is given.
  for (let i = 0; i < 2; i++) {
    const move = nextEarlyMove(storage);
    if (!move) break;
    if (await addEarlyLines(move.token, move.lines, db)) moved += move.lines.length;
    endEarlyMove(storage, move);
  }
  return moved;
}

/** Says "Added to cart" once the app's first page is up when early taps went into the cart: the early button's
 * own "Added to cart" is gone as soon as the app renders over it, which on a tap just before it is at once. */
export function confirmEarlyLines(moved: number): void {
  if (moved > 0) toast.success(t`Added to cart`);
}
