/** The order this tab just placed (its code, total and currency), kept in session storage so the
 * order-success page can say how much to pay, also after a reload. The public order lookup tells only the
 * code, first name and status. */
import { isCurrency, type Currency } from "@store/shared/currency";

export interface PlacedOrder {
  code: string;
  /** Minor units of `currency`. */
  total: number;
  currency: Currency;
  /** The private order page, and the provider's payment page when there is one (to come back to it). */
  orderUrl?: string;
  paymentLink?: string | null;
  /** The name as the shopper typed it (the public lookup only knows the first word of it). */
  name?: string;
}

export const PLACED_ORDER_STORAGE_KEY = "placedOrder";

export function rememberPlacedOrder(storage: Pick<Storage, "setItem"> | null, order: PlacedOrder): void {
  try {
    storage?.setItem(PLACED_ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch {
    // Storage unavailable: the page then shows the instructions without the amount.
  }
}

/** The placed order with this code, or null (another order, nothing stored, or unreadable). */
export function placedOrder(storage: Pick<Storage, "getItem"> | null, code: string): PlacedOrder | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PLACED_ORDER_STORAGE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { code: stored, total, currency, orderUrl, paymentLink, name } = value as Record<string, unknown>;
    if (stored !== code || !Number.isSafeInteger(total) || !isCurrency(currency)) return null;
    return {
      code,
      total: Number(total),
      currency,
      ...(typeof orderUrl === "string" ? { orderUrl } : {}),
      ...(typeof paymentLink === "string" ? { paymentLink } : {}),
      ...(typeof name === "string" && name.trim() !== "" ? { name: name.trim() } : {}),
    };
  } catch {
    return null;
  }
}
