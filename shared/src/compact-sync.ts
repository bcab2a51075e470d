/**
 * The catalog sync's compact form (docs/decisions.md D33): each product of `GET /api/sync?compact=1` (and of
 * `/api/first?compact=1`) leaves out the fields that hold their default value (an empty text, a zero price, no
 * variants, the default stock settings...), and the reader fills them back, so every consumer still sees whole
 * products. Nothing is lost: a field is left out only when it holds exactly the value it is filled back with.
 * The storefront asks for this form; an answer asked for without `compact` carries whole products, as the app's
 * older versions (still installed, until the shopper reloads) expect. No zod here: the storefront's bundle reads
 * answers with it (the shared schema, syncResponseSchema, fills the same defaults with fullProduct).
 */
import { CURRENCIES } from "./currency.ts";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "./order-status.ts";
import type { Product, SyncResponse, Variant } from "./schemas/catalog.ts";

/** The query parameter (`compact=1`) that asks for the compact form. */
export const COMPACT_PARAM = "compact";

type Prices = Product["price"];

/** The value each field left out of a compact product holds (the database's column defaults). */
export const PRODUCT_DEFAULTS = {
  description: "",
  image: "",
  categoryId: null,
  discountPercent: 0,
  tagline: "",
  platform: "",
  region: "",
  delivery: "",
  sku: "",
  inStock: true,
  deliveryMode: "manual",
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  sales: 0,
  version: 1,
} as const satisfies Partial<Product>;

export type DefaultedField = keyof typeof PRODUCT_DEFAULTS;
export const DEFAULTED_FIELDS = Object.keys(PRODUCT_DEFAULTS) as DefaultedField[];

/** A price in the currencies it is set in; the others are zero. */
export type CompactPrices = Partial<Prices>;
export type CompactVariant = Omit<Variant, "price"> & { price?: CompactPrices };
/** A product with its fields at their default left out; `price` and `variants` too when all zero or empty. */
export type CompactProduct = Omit<Product, DefaultedField | "price" | "variants"> &
  Partial<Pick<Product, DefaultedField>> & { price?: CompactPrices; variants?: CompactVariant[] };
export type CompactSyncResponse = Omit<SyncResponse, "products"> & { products: CompactProduct[] };

const ZERO_PRICES: Prices = { USD: 0, TND: 0, EUR: 0, EGP: 0 };

/** The currencies a price is set in; undefined (left out of the JSON) when it is zero in all of them. */
function compactPrices(price: Prices): CompactPrices | undefined {
  const set: CompactPrices = {};
  for (const currency of CURRENCIES) if (price[currency] !== 0) set[currency] = price[currency];
  return Object.keys(set).length > 0 ? set : undefined;
}

function fullPrices(price: CompactPrices | undefined): Prices {
  return { ...ZERO_PRICES, ...price };
}

export function compactProduct(product: Product): CompactProduct {
  const compact: CompactProduct = {
    ...product,
    price: compactPrices(product.price),
    variants:
      product.variants.length > 0 ? product.variants.map((v) => ({ ...v, price: compactPrices(v.price) })) : undefined,
  };
  for (const field of DEFAULTED_FIELDS) if (compact[field] === PRODUCT_DEFAULTS[field]) delete compact[field];
  return compact;
}

/** The whole product a compact one stands for (a whole product is returned as it is). */
export function fullProduct(compact: CompactProduct): Product {
  return {
    ...PRODUCT_DEFAULTS,
    ...compact,
    price: fullPrices(compact.price),
    variants: (compact.variants ?? []).map((v) => ({ ...v, price: fullPrices(v.price) })),
  };
}

/** The answer the server sends for `compact=1`. */
export function compactSync(answer: SyncResponse): CompactSyncResponse {
  return { ...answer, products: answer.products.map(compactProduct) };
}

/** The answer with whole products, as the local copy stores it. */
export function fullSync(answer: CompactSyncResponse): SyncResponse {
  return { ...answer, products: answer.products.map(fullProduct) };
}
