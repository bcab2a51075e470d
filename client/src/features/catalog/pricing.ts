/** What a product costs in the shopper's currency (shared/src/pricing.ts), and the order listings sort by. */
import type { Currency, Rates } from "@store/shared/currency";
import { defaultVariant, priceView } from "@store/shared/pricing";
import type { Product } from "@store/shared/schemas/catalog";

export { defaultVariant, listingPrice, lowestPrice, priceView } from "@store/shared/pricing";

/** The unit price of a product's default variant, for sorting and filtering. */
export function sortPrice(product: Product, currency: Currency, rates: Rates): number {
  return priceView(product, currency, rates, defaultVariant(product)).now;
}
