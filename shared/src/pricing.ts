/** What a product costs in the shopper's currency, built on money.ts (integer minor units): the storefront's
 * cards and pages, and the server's first screen, price alike. */
import { listPrice, unitPrice, type Prices } from "./money.ts";
import type { Currency, Rates } from "./currency.ts";
import type { Product, Variant } from "./schemas/catalog.ts";

/** The variant a card adds and prices by default: the first one, when the product has variants. */
export function defaultVariant(product: Product): Variant | undefined {
  return product.variants[0];
}

export function pricesOf(product: Product, variant?: Variant): Prices {
  return variant ? variant.price : product.price;
}

export interface PriceView {
  /** What the shopper pays per unit, in minor units. */
  now: number;
  /** The list price when a discount applies. */
  was: number | null;
}

export function priceView(product: Product, currency: Currency, rates: Rates, variant?: Variant): PriceView {
  const prices = pricesOf(product, variant);
  const now = unitPrice(prices, product.discountPercent, currency, rates);
  const list = listPrice(prices, currency, rates);
  return { now, was: product.discountPercent > 0 && list > now ? list : null };
}

/** The cheapest of several prices (a product's options), for a "From" price. */
export function lowestPrice(views: readonly PriceView[]): PriceView {
  const [first, ...rest] = views;
  if (!first) throw new Error("lowestPrice needs at least one price");
  return rest.reduce((low, v) => (v.now < low.now ? v : low), first);
}

/** The price a listing shows: the product's own, or "from" the cheapest option when it has several. */
export function listingPrice(product: Product, currency: Currency, rates: Rates): PriceView {
  return product.variants.length > 1
    ? lowestPrice(product.variants.map((v) => priceView(product, currency, rates, v)))
    : priceView(product, currency, rates, defaultVariant(product));
}
