/** Cart rules of docs/product.md ("Cart and checkout"), kept pure so the client and tests share them. */
export interface CartLine {
  id: string;
  qty: number;
  variantId?: string;
}

export const lineKey = (line: Pick<CartLine, "id" | "variantId">): string => `${line.id}::${line.variantId ?? ""}`;

/** Adds qty (default 1) to a line; a result of 0 or less removes it; a non-positive add to a missing line does nothing. */
export function addToCart(cart: readonly CartLine[], id: string, qty = 1, variantId?: string): CartLine[] {
  const key = lineKey({ id, variantId });
  const existing = cart.find((line) => lineKey(line) === key);
  if (!existing) {
    if (qty <= 0) return [...cart];
    return [...cart, variantId ? { id, qty, variantId } : { id, qty }];
  }
  const next = existing.qty + qty;
  if (next <= 0) return cart.filter((line) => lineKey(line) !== key);
  return cart.map((line) => (lineKey(line) === key ? { ...line, qty: next } : line));
}

/** Sets a line's quantity; 0 or less removes it. */
export function setQuantity(cart: readonly CartLine[], key: string, qty: number): CartLine[] {
  if (qty <= 0) return cart.filter((line) => lineKey(line) !== key);
  return cart.map((line) => (lineKey(line) === key ? { ...line, qty } : line));
}

export function removeLine(cart: readonly CartLine[], key: string): CartLine[] {
  return cart.filter((line) => lineKey(line) !== key);
}
