/** The platforms and regions a product is sold for, as the operator picks them in the product editor and the
 * storefront's search chips match them (docs/product.md, "Search overlay" and "Products"). One list, so a product
 * made in the console is found by the chips the demo catalog's products are found by. */

/** The platforms the search overlay has a chip for. */
export const SEARCH_PLATFORMS = ["PC", "PS", "Xbox", "Switch"] as const;
/** Every platform the editor offers: the chips' and mobile (top-ups for phone games). */
export const PRODUCT_PLATFORMS = [...SEARCH_PLATFORMS, "Mobile"] as const;
export type ProductPlatform = (typeof PRODUCT_PLATFORMS)[number];

export const PRODUCT_REGIONS = ["Global", "EU", "US"] as const;
export type ProductRegion = (typeof PRODUCT_REGIONS)[number];

/** The longest tagline the admin API takes. */
export const TAGLINE_MAX = 200;
