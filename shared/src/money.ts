/** Pricing rules both the storefront and the server apply, in integer minor units. */
import { type Currency, type Rates, convertFromUsdMinor } from "./currency.ts";

/** A price per currency in minor units; 0 means "derived from USD at the current rate". */
export type Prices = Record<Currency, number>;

/** The list price in a currency: the explicit price when set, else USD x rate. */
export function listPrice(prices: Prices, currency: Currency, rates: Rates): number {
  const explicit = prices[currency];
  if (currency !== "USD" && Number.isInteger(explicit) && explicit > 0) return explicit;
  return convertFromUsdMinor(prices.USD, currency, rates);
}

/** Applies a whole-number percent discount (clamped to 0..100), rounding to the nearest minor unit. */
export function applyPercent(minor: number, percent: number): number {
  const pct = Math.min(100, Math.max(0, Math.round(Number.isFinite(percent) ? percent : 0)));
  return Math.round((minor * (100 - pct)) / 100);
}

/** What a shopper pays for one unit: list price less the product's discount. */
export function unitPrice(prices: Prices, discountPercent: number, currency: Currency, rates: Rates): number {
  return applyPercent(listPrice(prices, currency, rates), discountPercent);
}
