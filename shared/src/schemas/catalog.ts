/** Catalog shapes as the server sends them to the storefront (sync) and the admin. */
import { z } from "./zod.ts";
import { numberParam, pageLimitParam } from "./query.ts";
import { DEFAULTED_FIELDS, fullProduct, type DefaultedField } from "../compact-sync.ts";
import { DELIVERY_MODES } from "../order-status.ts";
import type { BannerTranslations, CategoryTranslations, ProductTranslations } from "../catalog-translations.ts";
import {
  DEFAULT_MANUAL_DELIVERY_HOURS,
  DEFAULT_TOGGLES,
  MANUAL_DELIVERY_HOURS_MAX,
  MANUAL_DELIVERY_HOURS_MIN,
  NO_PAYMENT_INSTRUCTIONS,
  PAYMENT_INSTRUCTIONS_MAX,
  type PaymentInstructions,
  type Toggles,
  DEFAULT_ORDER_LIMITS,
  orderLimitMax,
  type OrderLimits,
} from "../store-settings.ts";

export const pricesSchema = z.object({
  USD: z.number().int().min(0),
  TND: z.number().int().min(0),
  EUR: z.number().int().min(0),
  EGP: z.number().int().min(0),
});

const translated = <S extends z.ZodRawShape>(texts: S) =>
  z.object({ fr: z.object(texts).partial().optional(), ar: z.object(texts).partial().optional() });
/** Texts in other languages (../catalog-translations.ts): present only when the operator gave some. */
export const productTranslationsSchema = translated({
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
}) satisfies z.ZodType<ProductTranslations>;
export const categoryTranslationsSchema = translated({ name: z.string() }) satisfies z.ZodType<CategoryTranslations>;
export const bannerTranslationsSchema = translated({ title: z.string() }) satisfies z.ZodType<BannerTranslations>;

export const variantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: pricesSchema,
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  price: pricesSchema,
  variants: z.array(variantSchema),
  categoryId: z.string().nullable(),
  discountPercent: z.number().int().min(0).max(100),
  tagline: z.string(),
  platform: z.string(),
  region: z.string(),
  delivery: z.string(),
  sku: z.string(),
  /** For an `automatic` product, derived from its available codes (docs/decisions.md D10). */
  inStock: z.boolean(),
  /** `automatic`: sold from code stock; `manual`: sold without stock, fulfilled by hand. (`delivery` above is the
   * free-text label shown to shoppers, e.g. "Email".) */
  deliveryMode: z.enum(DELIVERY_MODES),
  /** Available codes at or under this count make the product "low" on the dashboard. */
  lowStockThreshold: z.number().int().min(0),
  /** Units sold (real sales counts), for the popularity sort. */
  sales: z.number().int().min(0),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  version: z.number().int(),
  translations: productTranslationsSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

/** A product of a sync answer: whole, or compact (`compact=1`, ../compact-sync.ts), its fields at their default
 * left out; parsing fills them back, so the result is always a whole product. */
export const syncProductSchema = productSchema
  .extend({
    price: pricesSchema.partial().optional(),
    variants: z.array(variantSchema.extend({ price: pricesSchema.partial().optional() })).optional(),
  })
  .partial(Object.fromEntries(DEFAULTED_FIELDS.map((field) => [field, true])) as Record<DefaultedField, true>)
  .transform(fullProduct);

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  version: z.number().int(),
  translations: categoryTranslationsSchema.optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  active: z.boolean(),
  /** The operator's order: the storefront shows banners by ascending position. */
  position: z.number().int(),
  version: z.number().int(),
  translations: bannerTranslationsSchema.optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const togglesSchema = z.object({
  showNewsletter: z.boolean(),
  showPremium: z.boolean(),
  showPromo: z.boolean(),
}) satisfies z.ZodType<Toggles>;
export { DEFAULT_TOGGLES, NO_PAYMENT_INSTRUCTIONS, PAYMENT_INSTRUCTIONS_MAX };
export type { PaymentInstructions, Toggles };

export const rateSchema = z.object({ usdToTnd: z.number().positive(), updatedAt: z.number().int().nullable() });
export type Rate = z.infer<typeof rateSchema>;

const instructionsText = z.string().trim().max(PAYMENT_INSTRUCTIONS_MAX);
export const paymentInstructionsSchema = z.object({
  en: instructionsText,
  fr: instructionsText,
  ar: instructionsText,
}) satisfies z.ZodType<PaymentInstructions>;

const manualDeliveryHoursSchema = z.number().int().min(MANUAL_DELIVERY_HOURS_MIN).max(MANUAL_DELIVERY_HOURS_MAX);
/** PUT /api/admin/manual-delivery: within how many hours of payment a manual product is sent. */
export const manualDeliverySchema = z.object({ hours: manualDeliveryHoursSchema });
export type ManualDelivery = z.infer<typeof manualDeliverySchema>;
export { DEFAULT_MANUAL_DELIVERY_HOURS, MANUAL_DELIVERY_HOURS_MAX, MANUAL_DELIVERY_HOURS_MIN };

const limitSchema = (key: keyof OrderLimits) => z.number().int().min(1).max(orderLimitMax(key));
/** PUT /api/admin/order-limits: the operator's order limits (docs/operations.md "Limits"). */
export const orderLimitsSchema = z.object({
  maxQtyPerOrder: limitSchema("maxQtyPerOrder"),
  reservationHours: limitSchema("reservationHours"),
}) satisfies z.ZodType<OrderLimits>;
export { DEFAULT_ORDER_LIMITS };
export type { OrderLimits };

/** Settings the storefront needs before it renders (synced with the catalog). */
export const storeSettingsSchema = z.object({
  toggles: togglesSchema,
  rate: rateSchema,
  paymentInstructions: paymentInstructionsSchema,
  // Answers cached before the setting existed leave it out.
  manualDeliveryHours: manualDeliveryHoursSchema.default(DEFAULT_MANUAL_DELIVERY_HOURS),
  /** The most of one product an order may hold (the operator's limit). */
  maxQtyPerOrder: limitSchema("maxQtyPerOrder").default(DEFAULT_ORDER_LIMITS.maxQtyPerOrder),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** Products per sync page: a 50,000-product catalog travels as pages the client stores one by one. */
export const SYNC_PAGE_SIZE = 1000;
export const SYNC_PAGE_MAX = 2000;
export { HOME_SECTION_SIZE } from "../home-sections.ts";

/**
 * GET /api/sync?since=N[&after=ID][&limit=L][&compact=1]: everything changed after version N, deletions included,
 * in pages of products by id (docs/decisions.md D33). The first page (no `after`) carries the categories, banners,
 * deletions and settings; `next` is the `after` of the following page, null on the last. `version` is the version
 * the page was read at: a client that walked every page holds at least the first page's version. With `compact=1`
 * the products leave out their fields at default, which parsing fills back.
 */
export const syncResponseSchema = z.object({
  version: z.number().int().min(0),
  next: z.string().nullable(),
  /** true when `since` was 0 or too old: the client must replace its copy, not merge. */
  full: z.boolean(),
  products: z.array(syncProductSchema),
  categories: z.array(categorySchema),
  banners: z.array(bannerSchema),
  deleted: z.object({
    products: z.array(z.string()),
    categories: z.array(z.string()),
    banners: z.array(z.string()),
  }),
  settings: storeSettingsSchema.nullable(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

const compactQuery = z
  .literal("1", { error: "compact must be 1" })
  .optional()
  .transform((value) => value !== undefined);

export const syncQuerySchema = z.object({
  since: numberParam(/^\d{1,15}$/, "since must be a non-negative integer").optional(),
  after: z.string().min(1).max(200).optional(),
  limit: pageLimitParam.pipe(z.number().int().min(1).max(SYNC_PAGE_MAX)).optional(),
  /** `1`: products in the compact form (../compact-sync.ts), as the storefront asks. */
  compact: compactQuery,
});

/** GET /api/first?product=ID: the first screen's catalog (docs/decisions.md D33), shaped as a sync answer that is
 * not a complete copy: categories, banners, settings, the home sections' products and the product asked for. */
export const firstQuerySchema = z.object({ product: z.string().min(1).max(200).optional(), compact: compactQuery });

/** GET /api/categories, the spec's list: id, name, parentId (plus slug). */
export const categoryListSchema = z.array(
  categorySchema.pick({ id: true, name: true, slug: true, parentId: true, translations: true }),
);
