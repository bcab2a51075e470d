/** Moves into the cart what the shopper added from the server's first screen before the app ran
 * (src/app/early-cart.ts). */
import { takeEarlyLines } from "../../app/early-cart.ts";
import { addToCart } from "./cart-store.ts";

export async function moveEarlyLines(storage: Storage = localStorage): Promise<void> {
  for (const line of takeEarlyLines(storage)) await addToCart(line.id, line.qty, line.variantId);
}
