/** Admin API bodies: sign-in, profile, catalog editing (products, categories, banners), settings. */
import { z } from "./zod.ts";
import { pageLimitParam } from "./query.ts";
import { FIELD_ERROR_CODES, ownCode } from "./error-codes.ts";
import { isHttpUrl, isSitePath } from "../links.ts";
import { CURRENCIES, type Currency } from "../currency.ts";
import { TAGLINE_MAX } from "../catalog-choices.ts";
import { compactTranslations, type CatalogLang, type ProductText } from "../catalog-translations.ts";
import { bannerSchema, productSchema, rateSchema, togglesSchema } from "./catalog.ts";
import { DEFAULT_LOW_STOCK_THRESHOLD, deliveryModeSchema, lowStockThresholdSchema } from "./stock.ts";
import { isRecord } from "../is-record.ts";

/** A text the field cannot do without: trimmed, refused when empty or longer than `max`, each message naming it. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

// ---------- Access ----------

export const loginRequestSchema = z.object({
  username: requiredText("Username", 200),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** 200 from POST /api/admin/login (failures: 401 { ok: false, error }). */
export const loginResponseSchema = z.object({
  ok: z.literal(true),
  username: z.string(),
  name: z.string(),
  csrfToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/admin/session. */
export const adminSessionSchema = z.object({ username: z.string(), name: z.string(), csrfToken: z.string() });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,40}$/;
/** The shortest new admin password; the server also refuses common ones (docs/decisions.md D3). */
export const MIN_PASSWORD_LENGTH = 12;

export const adminProfileSchema = z.object({ name: z.string(), email: z.string(), username: z.string() });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const profileUpdateSchema = z.object({
  name: z.string({ error: "Name must be text" }).trim().max(100, "Name is too long").default(""),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .refine((v) => v === "" || z.email().safeParse(v).success, {
      error: "Please enter a valid email address.",
      params: ownCode(FIELD_ERROR_CODES.invalidEmail),
    }),
  username: z
    .string({ error: "Username is required" })
    .trim()
    .refine((v) => USERNAME_PATTERN.test(v), {
      error: "Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen",
      params: ownCode(FIELD_ERROR_CODES.invalidUsername),
    }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT /api/admin/password. The rules are checked in the spec's order by the server (match, length, current). */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).max(1024, "Password is too long"),
  newPassword: z
    .string({ error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(1024, "Password is too long"),
  confirmPassword: z.string().max(1024, "Password is too long").optional(),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

// ---------- Products ----------

const minor = z
  .number({ error: "Prices must be numbers" })
  .int("Prices are whole minor units (cents, millimes)")
  .min(0, "Prices cannot be negative")
  .max(1_000_000_000, "Price is too large");

/** A price per currency in minor units; a missing currency is 0 (derived from USD). */
export const priceInputSchema = z
  .object(
    { USD: minor.optional(), TND: minor.optional(), EUR: minor.optional(), EGP: minor.optional() },
    { error: "Price must be a number or a price per currency" },
  )
  .transform((p) => ({ USD: p.USD ?? 0, TND: p.TND ?? 0, EUR: p.EUR ?? 0, EGP: p.EGP ?? 0 }));

/** An image reference: empty, a site path (/uploads/...), an http(s) URL, or an image data URL (stored as an upload). */
export const imageRefSchema = z
  .string({ error: "Image must be a URL" })
  .trim()
  .max(8 * 1024 * 1024, "Image is too large")
  .refine((v) => v === "" || isSitePath(v) || isHttpUrl(v) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(v), {
    error: "Image must be an http(s) URL, a site path or an image",
    params: ownCode(FIELD_ERROR_CODES.invalidImage),
  });

export const variantInputSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, "Invalid variant id")
    .optional(),
  name: requiredText("Variant name", 100),
  price: priceInputSchema.default({ USD: 0, TND: 0, EUR: 0, EGP: 0 }),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);

/** Texts in French and Arabic (docs/product.md, "Catalog languages"), each optional and as long as its default text
 * may be; empty texts and languages are dropped, so a product without translations stores none. */
function translations<T extends object>(texts: Record<keyof T & string, z.ZodString>) {
  const lang = z.object(texts, { error: "Translations must be texts" }).partial().optional();
  return z
    .object({ fr: lang, ar: lang }, { error: "Translations must be an object per language" })
    .transform(
      (given): Partial<Record<CatalogLang, T>> => compactTranslations(given as Partial<Record<CatalogLang, T>>) ?? {},
    );
}

/** Fields of a product as the admin edits them; on update every field is optional (absent = unchanged). */
const productFields = {
  title: requiredText("Title", 200),
  description: text("Description", 10_000),
  image: imageRefSchema,
  price: priceInputSchema,
  discountPercent: z
    .number({ error: "Discount must be a number" })
    .int("Discount must be a whole number")
    .min(0, "Discount must be between 0 and 100")
    .max(100, "Discount must be between 0 and 100"),
  tagline: text("Tagline", TAGLINE_MAX),
  platform: text("Platform", 50),
  region: text("Region", 50),
  delivery: text("Delivery", 100),
  sku: text("SKU", 100),
  /** Ignored for an `automatic` product: its stock decides (docs/decisions.md D10). */
  inStock: z.boolean({ error: "In stock must be true or false" }),
  deliveryMode: deliveryModeSchema,
  lowStockThreshold: lowStockThresholdSchema,
  categoryId: z.string({ error: "Invalid category" }).trim().max(100, "Invalid category").nullable(),
  variants: z.array(variantInputSchema, { error: "Variants must be a list" }).max(100, "Too many variants"),
  translations: translations<ProductText>({
    title: text("Title", 200),
    tagline: text("Tagline", TAGLINE_MAX),
    description: text("Description", 10_000),
  }),
};

/** Maps the legacy body (docs/product.md, "Admin API": price as one USD
 * number in major units, image_url, category_id) to the current one. */
export function fromLegacyProductBody(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  if ("image_url" in out) {
    if (!("image" in out)) out.image = out.image_url ?? "";
    delete out.image_url;
  }
  if ("category_id" in out) {
    if (!("categoryId" in out)) out.categoryId = out.category_id;
    delete out.category_id;
  }
  if (out.categoryId === "" || out.categoryId === undefined) {
    if ("categoryId" in out) out.categoryId = null;
  }
  if (
    typeof out.price === "number" ||
    (typeof out.price === "string" && out.price.trim() !== "" && Number.isFinite(Number(out.price)))
  ) {
    out.price = { USD: Math.round(Number(out.price) * 100) };
  }
  if (out.description === null) out.description = "";
  if (out.image === null) out.image = "";
  return out;
}

type PriceSet = Record<Currency, number>;

/** A price shoppers would see as 0, where it is: `price.USD` or `variants.N.price.USD`. */
export interface ZeroPrice {
  path: (string | number)[];
  message: string;
  params: { currency: Currency; option?: string };
}

/** docs/product.md, "Products": what a shopper pays may not be 0 in any currency. A product is sold at its base
 * price, or, when it has options, at each option's price. A currency left at 0 is derived from USD (shared/money.ts),
 * so a price is 0 in a currency when that currency and USD are both 0 (a USD of 0 is 0 everywhere it is derived). */
export function zeroPrices(product: {
  price: PriceSet;
  variants: readonly { name: string; price: PriceSet }[];
}): ZeroPrice[] {
  const zeroIn = (p: PriceSet) => CURRENCIES.find((c) => !(p[c] > 0) && (c === "USD" || !(p.USD > 0)));
  if (product.variants.length === 0) {
    const currency = zeroIn(product.price);
    return currency
      ? [{ path: ["price", currency], message: `Base price in ${currency} cannot be 0`, params: { currency } }]
      : [];
  }
  return product.variants.flatMap((v, i) => {
    const currency = zeroIn(v.price);
    if (!currency) return [];
    const message = `Option "${v.name}": price in ${currency} cannot be 0`;
    return [{ path: ["variants", i, "price", currency], message, params: { currency, option: v.name } }];
  });
}

function refuseZeroPrices(
  product: { price?: PriceSet | undefined; variants?: readonly { name: string; price: PriceSet }[] | undefined },
  ctx: z.RefinementCtx,
): void {
  // An update that sends neither is checked by the server against the stored product.
  if (!product.variants || (product.variants.length === 0 && !product.price)) return;
  const price = product.price ?? { USD: 1, TND: 1, EUR: 1, EGP: 1 };
  for (const zero of zeroPrices({ price, variants: product.variants })) {
    ctx.addIssue({
      code: "custom",
      path: zero.path,
      message: zero.message,
      params: ownCode(FIELD_ERROR_CODES.zeroPrice, zero.params),
    });
  }
}

export const productCreateSchema = z.preprocess(
  fromLegacyProductBody,
  z
    .object({
      id: z
        .string()
        .trim()
        .regex(/^[a-zA-Z0-9_-]{1,64}$/, "Product id may use letters, digits, - and _ (64 at most)")
        .optional(),
      ...productFields,
      description: productFields.description.default(""),
      image: productFields.image.default(""),
      price: productFields.price.default({ USD: 0, TND: 0, EUR: 0, EGP: 0 }),
      discountPercent: productFields.discountPercent.default(0),
      tagline: productFields.tagline.default(""),
      platform: productFields.platform.default(""),
      region: productFields.region.default(""),
      delivery: productFields.delivery.default(""),
      sku: productFields.sku.default(""),
      inStock: productFields.inStock.default(true),
      /** A new product is `manual` unless said otherwise, so existing clients keep selling as before. */
      deliveryMode: productFields.deliveryMode.default("manual"),
      lowStockThreshold: productFields.lowStockThreshold.default(DEFAULT_LOW_STOCK_THRESHOLD),
      categoryId: productFields.categoryId.default(null),
      variants: productFields.variants.default([]),
      translations: productFields.translations.default({}),
    })
    .superRefine(refuseZeroPrices),
);
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** PUT: absent fields stay as they are; `variants` replaces the whole set; `version` guards against lost updates. */
export const productUpdateSchema = z.preprocess(
  fromLegacyProductBody,
  z
    .object({
      title: productFields.title.optional(),
      description: productFields.description.optional(),
      image: productFields.image.optional(),
      price: productFields.price.optional(),
      discountPercent: productFields.discountPercent.optional(),
      tagline: productFields.tagline.optional(),
      platform: productFields.platform.optional(),
      region: productFields.region.optional(),
      delivery: productFields.delivery.optional(),
      sku: productFields.sku.optional(),
      inStock: productFields.inStock.optional(),
      deliveryMode: productFields.deliveryMode.optional(),
      lowStockThreshold: productFields.lowStockThreshold.optional(),
      categoryId: productFields.categoryId.optional(),
      variants: productFields.variants.optional(),
      translations: productFields.translations.optional(),
      version: z.number({ error: "Version must be a number" }).int("Version must be a whole number").min(1).optional(),
    })
    .superRefine(refuseZeroPrices),
);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const adminProductListSchema = z.array(productSchema);

/** GET /api/admin/products?limit=&q=&category=&cursor=: one page of products, newest first, paged on the server by
 * a cursor (the `next` of the page before; docs/decisions.md D30). `q` is part of a title (any case) or a product's
 * id; `category` a category id. */
export const adminProductListQuerySchema = z.object({
  limit: pageLimitParam.optional(),
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

/** An answer of GET /api/admin/products: the page, and the cursor of the next one (null on the last page). */
export const adminProductPageSchema = z.object({
  products: z.array(productSchema),
  next: z.string().nullable(),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

// ---------- Categories ----------

const categoryName = requiredText("Category name", 100);
const parentId = z
  .string({ error: "Invalid parent category" })
  .trim()
  .max(100, "Invalid parent category")
  .nullable()
  .optional()
  .transform((v) => (v === undefined || v === "" ? null : v));

const categoryTranslations = translations<{ name?: string }>({ name: text("Category name", 100) });

export const categoryCreateSchema = z.object({
  name: categoryName,
  parentId,
  translations: categoryTranslations.default({}),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z.object({
  name: categoryName,
  parentId,
  /** Absent: unchanged. */
  translations: categoryTranslations.optional(),
  version: z.number().int().min(1).optional(),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

// ---------- Banners ----------

/** The admin sees a banner exactly as the storefront syncs it (position included). */
export const adminBannerSchema = bannerSchema;
export type AdminBanner = z.infer<typeof adminBannerSchema>;

const bannerTitle = requiredText("Banner title", 200);
const bannerLink = z
  .string({ error: "Link must be text" })
  .trim()
  .max(2000, "Link is too long")
  .refine((v) => v === "" || isSitePath(v) || isHttpUrl(v), {
    error: "Link must be a site path or an http(s) URL",
    params: ownCode(FIELD_ERROR_CODES.invalidLink),
  });
const position = z
  .number({ error: "Position must be a number" })
  .int("Position must be a whole number")
  .min(0)
  .max(100_000);

const bannerTranslations = translations<{ title?: string }>({ title: text("Banner title", 200) });
const bannerActive = z.boolean({ error: "Active must be true or false" });

export const bannerCreateSchema = z.object({
  title: bannerTitle,
  translations: bannerTranslations.default({}),
  image: imageRefSchema.default(""),
  link: bannerLink.default(""),
  active: bannerActive.default(true),
  position: position.optional(),
});
export type BannerCreate = z.infer<typeof bannerCreateSchema>;

/** Any of a banner's fields (absent: unchanged), and the version the edit was made against. */
export const bannerUpdateSchema = z
  .object({
    title: bannerTitle,
    translations: bannerTranslations,
    image: imageRefSchema,
    link: bannerLink,
    active: bannerActive,
    position,
    version: z.number().int().min(1),
  })
  .partial();
export type BannerUpdate = z.infer<typeof bannerUpdateSchema>;

// ---------- Settings ----------

export const togglesUpdateSchema = togglesSchema.partial();
export type TogglesUpdate = z.infer<typeof togglesUpdateSchema>;

export const rateUpdateSchema = z.object({
  usdToTnd: z.coerce.number({ error: "Rate must be a number" }).refine((v) => Number.isFinite(v) && v > 0 && v < 1000, {
    error: "Rate must be greater than 0 and less than 1000",
    params: ownCode(FIELD_ERROR_CODES.outOfRange, { min: 0, max: 1000 }),
  }),
});
export type RateUpdate = z.infer<typeof rateUpdateSchema>;
export { rateSchema, togglesSchema };

// ---------- Uploads ----------

export const uploadRequestSchema = z.object({
  fileBase64: z.string({ error: "fileBase64 is required" }).min(1, "fileBase64 is required"),
});
export const uploadResponseSchema = z.object({
  url: z.string(),
  variants: z.object({ card: z.string(), detail: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "Image too large (max 5 MB)";
