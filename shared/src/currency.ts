/** Currencies the store sells in, and the rules for converting and formatting them. */
export const CURRENCIES = ["USD", "TND", "EUR", "EGP"] as const;
/** The header's and side menu's currency picker lists them in this order. */
export const CURRENCY_MENU_ORDER = ["USD", "TND", "EGP", "EUR"] as const satisfies readonly Currency[];
/** The admin's price inputs start with TND, the price the operator types (the others are converted). */
export const ADMIN_PRICE_ORDER = ["TND", "USD", "EUR", "EGP"] as const satisfies readonly Currency[];
export type Currency = (typeof CURRENCIES)[number];

/** Minor-unit digits per currency: TND has millimes (3), the others cents (2). */
export const CURRENCY_DECIMALS: Record<Currency, number> = { USD: 2, EUR: 2, EGP: 2, TND: 3 };

/** Default rates per 1 USD (docs/product.md, "Business constants"); the admin's daily usdToTnd overrides TND. */
export const DEFAULT_RATES: Record<Currency, number> = { USD: 1, TND: 3.2, EGP: 50, EUR: 0.92 };

export type Rates = Record<Currency, number>;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** Values outside the four currencies are coerced to USD. */
export function coerceCurrency(value: unknown): Currency {
  return isCurrency(value) ? value : "USD";
}

/** Integer minor units -> major amount (for display and inputs only). */
export function toMajor(minor: number, currency: Currency): number {
  return minor / 10 ** CURRENCY_DECIMALS[currency];
}

/** Major amount typed by a person -> integer minor units. Non-finite amounts become 0. */
export function toMinor(major: number, currency: Currency): number {
  if (!Number.isFinite(major)) return 0;
  return Math.round(major * 10 ** CURRENCY_DECIMALS[currency]);
}

/** Rounds to 2 decimals, as the TND -> USD conversion does. */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Converts a USD amount in cents to another currency's minor units at the given rate. */
export function convertFromUsdMinor(usdMinor: number, currency: Currency, rates: Rates): number {
  if (!Number.isFinite(usdMinor)) return 0;
  if (currency === "USD") return Math.round(usdMinor);
  const rate = rates[currency];
  if (!Number.isFinite(rate) || rate <= 0) return 0;
  return Math.round((usdMinor / 100) * rate * 10 ** CURRENCY_DECIMALS[currency]);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units with the locale's currency formatter, falling back to "$" with two decimals. */
export function formatMoney(minor: number, currency: Currency, locale = "en"): string {
  const amount = Number.isFinite(minor) ? toMajor(minor, currency) : 0;
  const key = `${locale}|${currency}`;
  try {
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        minimumFractionDigits: CURRENCY_DECIMALS[currency],
        maximumFractionDigits: CURRENCY_DECIMALS[currency],
      });
      formatters.set(key, formatter);
    }
    return keepSymbolWhole(formatter.format(amount));
  } catch {
    return `$${amount.toFixed(2)}`;
  }
}

/** A Latin symbol ending in punctuation ("US$" in Arabic), at the end of a right-to-left price: left alone, the
 * punctuation takes the line's direction and the browser shows "$US". A left-to-right mark after it keeps it whole,
 * as the formatter's own right-to-left mark does after an Arabic symbol ("د.ت."). */
function keepSymbolWhole(text: string): string {
  return text.startsWith("\u200f") && /[A-Za-z][^\p{L}\p{N}\s]$/u.test(text) ? `${text}\u200e` : text;
}

/** Builds the full rate table from the admin's usdToTnd (others keep their defaults). */
export function ratesWith(usdToTnd: number | undefined): Rates {
  const tnd = usdToTnd !== undefined && Number.isFinite(usdToTnd) && usdToTnd > 0 ? usdToTnd : DEFAULT_RATES.TND;
  return { ...DEFAULT_RATES, TND: tnd };
}
