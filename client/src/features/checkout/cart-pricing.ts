/** Prices the shopper's cart from the local catalog, in integer minor units of the chosen currency. */
import type { Currency, Rates } from "@store/shared/currency";
import { applyPercent } from "@store/shared/money";
import { lineKey } from "@store/shared/cart";
import type { CheckoutItem } from "@store/shared/schemas/checkout";
import type { PricesChanged } from "@store/shared/schemas/checkout";
import type { Product, Variant } from "@store/shared/schemas/catalog";
import { priceView } from "../catalog/pricing.ts";

export interface CartLineInput {
  key: string;
  id: string;
  qty: number;
  variantId?: string | undefined;
}

/** Unit prices the server sent with a 409 (docs/decisions.md D6), used until the local catalog catches up. */
export interface PriceOverrides {
  currency: Currency;
  unitPrices: ReadonlyMap<string, number>;
}

export interface PricedLine {
  key: string;
  id: string;
  qty: number;
  variantId?: string | undefined;
  product: Product | undefined;
  variant: Variant | undefined;
  /** null when the product (or its variant) is not in the local catalog. */
  unitPrice: number | null;
  lineTotal: number | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Sum of the priced lines. */
  subtotal: number;
  /** False when a line could not be priced locally (the subtotal is then not a valid cross-check). */
  complete: boolean;
}

export function priceCart(
  lines: readonly CartLineInput[],
  products: ReadonlyMap<string, Product>,
  currency: Currency,
  rates: Rates,
  overrides?: PriceOverrides | null,
): PricedCart {
  let subtotal = 0;
  let complete = true;
  const priced = lines.map((line): PricedLine => {
    const product = products.get(line.id);
    const variant = line.variantId ? product?.variants.find((v) => v.id === line.variantId) : undefined;
    const variantMissing = Boolean(line.variantId) && variant === undefined;
    const override = overrides && overrides.currency === currency ? overrides.unitPrices.get(line.key) : undefined;
    let unitPrice: number | null = null;
    if (override !== undefined) unitPrice = override;
    else if (product && !variantMissing) unitPrice = priceView(product, currency, rates, variant).now;
    if (unitPrice === null) complete = false;
    const lineTotal = unitPrice === null ? null : unitPrice * line.qty;
    subtotal += lineTotal ?? 0;
    return {
      key: line.key,
      id: line.id,
      qty: line.qty,
      variantId: line.variantId,
      product,
      variant,
      unitPrice,
      lineTotal,
    };
  });
  return { lines: priced, subtotal, complete };
}

/** The promo discount shown to the shopper (the server computes the real one). */
export function promoDiscount(subtotal: number, percent: number): number {
  return subtotal - applyPercent(subtotal, percent);
}

/** The checkout request's items (docs/decisions.md D24): id, qty, and variantId only when the line has one. */
export function checkoutItems(lines: readonly CartLineInput[]): CheckoutItem[] {
  return lines.map((line) =>
    line.variantId ? { id: line.id, qty: line.qty, variantId: line.variantId } : { id: line.id, qty: line.qty },
  );
}

/** The lines whose unit price the server's overrides change, with the price the shopper saw before (by line key),
 * so the cart can show each as old → new. */
export function changedPrices(lines: readonly PricedLine[], overrides: PriceOverrides): Map<string, number> {
  const was = new Map<string, number>();
  for (const line of lines) {
    const now = overrides.unitPrices.get(line.key);
    if (now !== undefined && line.unitPrice !== null && line.unitPrice !== now) was.set(line.key, line.unitPrice);
  }
  return was;
}

/** Turns a 409 answer into overrides keyed like the cart lines. */
export function overridesFrom(answer: PricesChanged, currency: Currency): PriceOverrides {
  return {
    currency,
    unitPrices: new Map(
      answer.prices.map((p) => [lineKey({ id: p.id, variantId: p.variantId ?? undefined }), p.unitPrice] as const),
    ),
  };
}
