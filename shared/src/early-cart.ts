/**
 * The cart before the app runs: the server's first screen (server/src/modules/seo/first-screen.ts) marks its
 * "Add to cart" buttons with these attributes, the boot script keeps what they add in localStorage, and the app
 * moves it into the cart when it starts (client/src/app/early-cart.ts).
 */
export const EARLY_CART = {
  /** On an "Add to cart" button: the product it adds. */
  product: "data-early-add",
  /** Beside it: the option it adds, when the product has options. */
  variant: "data-early-variant",
  /** Beside it: what the button says once it has added. */
  added: "data-early-added",
  /** On the product page's quantity field. */
  quantity: "data-early-qty",
  /** On the cart link's badge, which counts what was added. */
  count: "data-early-count",
  /** On the cart link. */
  cartLink: "data-early-cart",
} as const;

/** The localStorage key of the lines added before the app ran. */
export const EARLY_CART_KEY = "earlyCart";

export interface EarlyLine {
  id: string;
  qty: number;
  variantId?: string;
}

/** The stored lines, whatever was stored (unreadable or foreign values are no lines). */
export function readEarlyLines(text: string | null): EarlyLine[] {
  if (!text) return [];
  try {
    return earlyLinesOf(JSON.parse(text));
  } catch {
    return [];
  }
}

/** The early lines of a parsed value, whatever it holds: items that are not a line are left out. */
export function earlyLinesOf(value: unknown): EarlyLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { id, qty, variantId } = item as Record<string, unknown>;
    if (typeof id !== "string" || typeof qty !== "number" || !Number.isInteger(qty) || qty < 1) return [];
    return [{ id, qty, ...(typeof variantId === "string" ? { variantId } : {}) }];
  });
}
