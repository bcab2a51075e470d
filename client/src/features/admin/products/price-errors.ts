import { CURRENCIES, type Currency } from "@store/shared/currency";

/** The field errors of one price row (`prefix`: "price" or "variants.0.price"), by currency. */
export function priceErrors(errors: Record<string, string>, prefix: string): Partial<Record<Currency, string>> {
  const out: Partial<Record<Currency, string>> = {};
  for (const c of CURRENCIES) {
    const e = errors[`${prefix}.${c}`];
    if (e) out[c] = e;
  }
  return out;
}
