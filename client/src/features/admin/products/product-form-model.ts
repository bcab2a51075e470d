/** The product form's state and its mapping to and from the admin
 * API (prices in integer minor units, docs/decisions.md D5). */
import { CURRENCIES, type Currency, round2, toMajor, toMinor } from "@store/shared/currency";
import { DEFAULT_LOW_STOCK_THRESHOLD, type DeliveryMode } from "@store/shared/schemas/stock";
import {
  CATALOG_LANGS,
  compactTranslations,
  type CatalogLang,
  type ProductTranslations,
} from "@store/shared/catalog-translations";

/** What the person typed in the four price boxes, in major units ("12.5"). */
export type PriceDraft = Record<Currency, string>;

export interface VariantDraft {
  /** Stable React key for the row; not sent. */
  key: string;
  /** The server's id for an existing variant, kept so its codes stay attached. */
  id?: string;
  name: string;
  price: PriceDraft;
}

/** What the form and the API body hold alike. */
interface ProductBasics {
  title: string;
  description: string;
  /** A line under the title on cards and the product page. */
  tagline: string;
  /** One of shared/src/catalog-choices.ts (what the search chips and activation hints know), or "" for none. */
  platform: string;
  region: string;
  image: string;
  sku: string;
  inStock: boolean;
  /** docs/decisions.md D10: sold from code stock, or fulfilled by hand. */
  deliveryMode: DeliveryMode;
}

/** The texts typed for one language; empty ones fall back to the default text. */
export interface TextsDraft {
  title: string;
  tagline: string;
  description: string;
}

export interface ProductDraft extends ProductBasics {
  translations: Record<CatalogLang, TextsDraft>;
  /** As typed; a whole number from 0. */
  lowStockThreshold: string;
  price: PriceDraft;
  discountPercent: string;
  /** "" means no category. */
  categoryId: string;
  variants: VariantDraft[];
}

/** What each part of the product form gets: its ids' prefix, the draft, a setter per field and each field's error. */
export interface DraftFieldsProps {
  idPrefix: string;
  draft: ProductDraft;
  set: <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;
  errorFor: (key: string) => string | undefined;
}

/** The body sent by POST /api/admin/products and PUT /api/admin/products/{id} (PUT adds `version`). */
export interface ProductBody extends ProductBasics {
  /** docs/product.md, "Catalog languages": absent or {} for none. */
  translations?: ProductTranslations | undefined;
  lowStockThreshold: number;
  price: Record<Currency, number>;
  discountPercent: number;
  categoryId: string | null;
  variants: { id?: string; name: string; price: Record<Currency, number> }[];
}

const ZERO_PRICE_DRAFT: PriceDraft = { USD: "0", TND: "0", EUR: "0", EGP: "0" };

let variantKeySeq = 0;
function newVariantKey(): string {
  variantKeySeq += 1;
  return `v${Date.now().toString(36)}-${variantKeySeq}`;
}

export function emptyVariant(): VariantDraft {
  return { key: newVariantKey(), name: "", price: { ...ZERO_PRICE_DRAFT } };
}

const NO_TEXTS: TextsDraft = { title: "", tagline: "", description: "" };

function textsDraft(translations: ProductTranslations | undefined): Record<CatalogLang, TextsDraft> {
  const out = {} as Record<CatalogLang, TextsDraft>;
  for (const lang of CATALOG_LANGS) out[lang] = { ...NO_TEXTS, ...translations?.[lang] };
  return out;
}

export function emptyProductDraft(): ProductDraft {
  return {
    translations: textsDraft(undefined),
    title: "",
    description: "",
    tagline: "",
    platform: "",
    region: "",
    image: "",
    sku: "",
    inStock: true,
    // As the server's default: a product sells without stock until the operator chooses automatic delivery.
    deliveryMode: "manual",
    lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
    price: { ...ZERO_PRICE_DRAFT },
    discountPercent: "0",
    categoryId: "",
    variants: [],
  };
}

/** Minor units -> the text shown in a price box ("12.5", "0"). */
function priceText(minor: number, currency: Currency): string {
  return String(toMajor(Number.isFinite(minor) ? minor : 0, currency));
}

function priceDraftFromMinor(prices: Record<Currency, number>): PriceDraft {
  const out = { ...ZERO_PRICE_DRAFT };
  for (const c of CURRENCIES) out[c] = priceText(prices[c], c);
  return out;
}

/** A typed amount -> a number, or NaN when it is not one (comma decimals are accepted). Empty is 0. */
function parseAmount(text: string): number {
  const t = text.trim().replace(",", ".");
  if (t === "") return 0;
  return Number(t);
}

/** A typed price box -> minor units. Non-numbers become NaN so the shared schema refuses them. */
function priceToMinor(text: string, currency: Currency): number {
  const major = parseAmount(text);
  return Number.isFinite(major) ? toMinor(major, currency) : Number.NaN;
}

export function priceDraftToMinor(draft: PriceDraft): Record<Currency, number> {
  return {
    USD: priceToMinor(draft.USD, "USD"),
    TND: priceToMinor(draft.TND, "TND"),
    EUR: priceToMinor(draft.EUR, "EUR"),
    EGP: priceToMinor(draft.EGP, "EGP"),
  };
}

/** The form's draft from a product, or from the body of a creation still waiting in the offline queue. */
export function draftFromProduct(p: ProductBody): ProductDraft {
  return {
    translations: textsDraft(p.translations),
    title: p.title,
    description: p.description,
    tagline: p.tagline,
    platform: p.platform,
    region: p.region,
    image: p.image,
    sku: p.sku,
    inStock: p.inStock,
    deliveryMode: p.deliveryMode,
    lowStockThreshold: String(p.lowStockThreshold),
    price: priceDraftFromMinor(p.price),
    discountPercent: String(p.discountPercent),
    categoryId: p.categoryId ?? "",
    variants: p.variants.map((v) => ({
      key: newVariantKey(),
      ...(v.id !== undefined ? { id: v.id } : {}),
      name: v.name,
      price: priceDraftFromMinor(v.price),
    })),
  };
}

export function productBodyFromDraft(d: ProductDraft): ProductBody {
  const discount = parseAmount(d.discountPercent);
  const threshold = d.lowStockThreshold.trim() === "" ? Number.NaN : Number(d.lowStockThreshold.trim());
  const translations: ProductTranslations = {};
  for (const lang of CATALOG_LANGS) {
    const texts = d.translations[lang];
    translations[lang] = {
      title: texts.title.trim(),
      tagline: texts.tagline.trim(),
      description: texts.description.trim(),
    };
  }
  return {
    translations: compactTranslations(translations) ?? {},
    title: d.title.trim(),
    description: d.description.trim(),
    tagline: d.tagline.trim(),
    platform: d.platform,
    region: d.region,
    image: d.image.trim(),
    sku: d.sku.trim(),
    inStock: d.inStock,
    deliveryMode: d.deliveryMode,
    lowStockThreshold: threshold,
    price: priceDraftToMinor(d.price),
    discountPercent: Number.isFinite(discount) ? discount : Number.NaN,
    categoryId: d.categoryId === "" ? null : d.categoryId,
    variants: d.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      name: v.name.trim(),
      price: priceDraftToMinor(v.price),
    })),
  };
}

/**
 * docs/decisions.md D5: typing a TND price sets USD = round2(TND / usdToTnd) and resets EUR and EGP to 0 (derived).
 * An amount that is not a number only updates the TND box.
 */
export function autofillFromTnd(draft: PriceDraft, tndText: string, usdToTnd: number): PriceDraft {
  const tnd = parseAmount(tndText);
  if (!Number.isFinite(tnd) || tnd < 0 || !Number.isFinite(usdToTnd) || usdToTnd <= 0)
    return { ...draft, TND: tndText };
  return { TND: tndText, USD: String(round2(tnd / usdToTnd)), EUR: "0", EGP: "0" };
}

/** The base price's row in the form (variants' rows are their keys). */
export const BASE_ROW = "base";

/** A row whose TND was typed but whose USD is still 0: saved as it is, shoppers would see 0 in every currency. */
function needsFill(price: PriceDraft): boolean {
  const tnd = parseAmount(price.TND);
  const usd = parseAmount(price.USD);
  return Number.isFinite(tnd) && tnd > 0 && usd === 0;
}

/**
 * The draft as it must be saved: each row still waiting for its conversion (`pending`, typed within the pause) and
 * each row with a TND price but no USD one gets the auto-fill now, so no row leaves with the USD 0 of before.
 */
export function fillPendingPrices(draft: ProductDraft, pending: ReadonlySet<string>, usdToTnd: number): ProductDraft {
  const fill = (row: string, price: PriceDraft) =>
    pending.has(row) || needsFill(price) ? autofillFromTnd(price, price.TND, usdToTnd) : price;
  return {
    ...draft,
    price: fill(BASE_ROW, draft.price),
    variants: draft.variants.map((v) => ({ ...v, price: fill(v.key, v.price) })),
  };
}
