/** Moves into the cart what the shopper added from the server's first screen before the app ran
 * (src/app/early-cart.ts). */
import { t } from "@lingui/core/macro";
import { takeEarlyLines } from "../../app/early-cart.ts";
import { toast } from "../../ui/toast.tsx";
import { addToCart } from "./cart-store.ts";

/** Moves the early lines into the cart; returns how many it moved. */
export async function moveEarlyLines(storage: Storage = localStorage): Promise<number> {
  const lines = takeEarlyLines(storage);
  for (const line of lines) await addToCart(line.id, line.qty, line.variantId);
  return lines.length;
}

/** Says "Added to cart" once the app's first page is up when early taps went into the cart: the early button's
 * own "Added to cart" is gone as soon as the app renders over it, which on a tap just before it is at once. */
export function confirmEarlyLines(moved: number): void {
  if (moved > 0) toast.success(t`Added to cart`);
}
