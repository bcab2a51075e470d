/** Which products each home section shows (docs/decisions.md D16); pure for tests. */
import { HOME_SECTION_SIZE, type Product } from "@store/shared/schemas/catalog";

/** The server's first-screen answer (/api/first) sends these sections' products, chosen by the same rules. */
export const HOME_GRID_SIZE = HOME_SECTION_SIZE;

/** Discounted products, biggest discount first (docs/decisions.md D16). */
export function hottestDeals(products: readonly Product[]): Product[] {
  return products
    .filter((p) => p.discountPercent > 0)
    .sort((a, b) => b.discountPercent - a.discountPercent || b.createdAt - a.createdAt);
}

/** Newest products first (docs/decisions.md D16). */
export function newest(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => b.createdAt - a.createdAt);
}

/** Best sellers first, then newest. */
export function featured(products: readonly Product[]): Product[] {
  return [...products].filter((p) => p.inStock).sort((a, b) => b.sales - a.sales || b.createdAt - a.createdAt);
}
