/** Read-only catalog hooks: every storefront screen reads the local copy through these (docs/decisions.md D1). */
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import { heroBanners } from "@store/shared/banners";
import { ratesWith, type Rates } from "@store/shared/currency";
import type { Banner, Category, Product, Rate, StoreSettings, SyncResponse } from "@store/shared/schemas/catalog";
import {
  DEFAULT_MANUAL_DELIVERY_HOURS,
  DEFAULT_TOGGLES,
  isManualDeliveryHours,
  isPaymentInstructions,
  NO_PAYMENT_INSTRUCTIONS,
  type PaymentInstructions,
  type Toggles,
  orderLimitsOf,
} from "@store/shared/store-settings";
import { db, META } from "../../local/db.ts";
import { localizeCategory } from "@store/shared/catalog-translations";
import { useLang } from "../prefs/prefs-store.ts";
import { getSyncState, subscribeSyncState, type SyncState } from "../../local/catalog-sync.ts";
import { sameData, sharedLiveQuery, type SharedLiveQuery } from "../../local/shared-live-query.ts";
import { compareText } from "../search/normalize.ts";
import { featured, HOME_SECTION_SIZE, hottestDeals, newest } from "@store/shared/home-sections";

const EMPTY: never[] = [];

/** Every stored product, or undefined until a complete catalog is stored (one subscription shared by all readers).
 * The catalog's version and its products are read in one transaction: a page never sees the catalog "ready" with
 * the products of before it was stored, which it would show as "no products" or "unavailable" for a moment. */
export const useProducts: SharedLiveQuery<Product[] | undefined> = sharedLiveQuery<Product[] | undefined>(
  () =>
    db.transaction("r", db.meta, db.products, async () =>
      (await db.meta.get(META.catalogVersion)) === undefined ? undefined : db.products.toArray(),
    ),
  undefined,
  sameData,
);

/** Every product by id (undefined until a complete catalog is stored, as useProducts). */
export function useProductsById(): ReadonlyMap<string, Product> | undefined {
  const products = useProducts();
  return useMemo(() => products && new Map(products.map((p) => [p.id, p] as const)), [products]);
}

/** Products known before IndexedDB has them (a first visit's small answer, a product read before the first
 * render), by id. Each is forgotten once IndexedDB has answered with it (from then on the stored row is live, and
 * a later deletion shows), or, when the catalog is stored without it, then (it was deleted meanwhile). Not at the
 * moment the catalog is stored: a page's query has not read it again yet, and the page would flash its skeleton,
 * replacing the fields a shopper may be typing in. */
const early = new Map<string, Product>();

/** One product (null when the local catalog has no such id): one read by id, never the whole catalog. */
export function useProduct(id: string): Product | null | undefined {
  const stored = useLiveQuery(async () => (await db.products.get(id)) ?? null, [id]);
  useEffect(() => {
    if (stored) early.delete(id);
  }, [stored, id]);
  return stored ?? early.get(id) ?? stored;
}

/** Forgets the early products the stored catalog does not have. */
async function forgetEarlyNotStored(): Promise<void> {
  const ids = [...early.keys()];
  const rows = await db.products.bulkGet(ids);
  ids.forEach((id, i) => {
    if (!rows[i]) early.delete(id);
  });
}

/** The products known before the catalog is stored (a first visit's small answer), by id: what a page can show
 * of them until useProductsById has the whole catalog. */
export function earlyProducts(): ReadonlyMap<string, Product> {
  return early;
}

/** Reads one product before the first render (a product page opened from a stored catalog). */
export async function primeProduct(id: string): Promise<void> {
  const product = await db.products.get(id);
  if (product) early.set(id, product);
}

/** The `limit` first rows of `products` in an index's descending order, plus every row tied with the last of
 * them on that index (so the home's own sort, with its tie-breakers, picks exactly as over the whole catalog). */
async function topByIndex(
  index: string,
  keep: (p: Product) => boolean,
  keyOf: (p: Product) => number | number[],
  limit: number,
): Promise<Product[]> {
  const top = await db.products.orderBy(index).reverse().filter(keep).limit(limit).toArray();
  const last = top.at(-1);
  if (!last || top.length < limit) return top;
  const tied = await db.products.where(index).equals(keyOf(last)).filter(keep).toArray();
  return [...top, ...tied];
}

/** What the home sections show, read through indexes: a few dozen products at any catalog size. */
export async function readHomeProducts(): Promise<Product[]> {
  const lists = await Promise.all([
    topByIndex(
      "[discountPercent+createdAt]",
      (p) => p.discountPercent > 0,
      (p) => [p.discountPercent, p.createdAt],
      HOME_SECTION_SIZE,
    ),
    topByIndex(
      "createdAt",
      () => true,
      (p) => p.createdAt,
      HOME_SECTION_SIZE,
    ),
    topByIndex(
      "[sales+createdAt]",
      (p) => p.inStock,
      (p) => [p.sales, p.createdAt],
      HOME_SECTION_SIZE,
    ),
  ]);
  return homeProducts(lists.flat());
}

/** The home sections' products out of `products` (where one may come twice), once each, in id order (the
 * sections' stable sorts break ties by that order, as over the whole catalog). */
export function homeProducts(products: readonly Product[]): Product[] {
  const chosen = new Map<string, Product>();
  const inIdOrder = byId([...new Map(products.map((p) => [p.id, p] as const)).values()]);
  for (const pick of [hottestDeals, newest, featured]) {
    for (const p of pick(inIdOrder).slice(0, HOME_SECTION_SIZE)) chosen.set(p.id, p);
  }
  return byId([...chosen.values()]);
}

/** The home sections' products (undefined while IndexedDB is still answering). */
export const useHomeProducts: SharedLiveQuery<Product[] | undefined> = sharedLiveQuery<Product[] | undefined>(
  readHomeProducts,
  undefined,
  sameData,
);

/** All categories with duplicate slugs dropped (first kept, docs/product.md, "Catalog"), sorted by name. */
export const useCategories: SharedLiveQuery<Category[] | undefined> = sharedLiveQuery<Category[] | undefined>(
  async () => dedupeCategories(await db.categories.toArray()),
  undefined,
  sameData,
);

function dedupeCategories(rows: readonly Category[]): Category[] {
  const seen = new Set<string>();
  const out: Category[] = [];
  for (const row of [...rows].sort((a, b) => compareText(a.name, b.name))) {
    if (seen.has(row.slug)) continue;
    seen.add(row.slug);
    out.push(row);
  }
  return out;
}

/** The hero's banners: active ones in the operator's order. */
export const useBanners: SharedLiveQuery<Banner[]> = sharedLiveQuery<Banner[]>(
  async () => heroBanners(await db.banners.toArray()),
  EMPTY,
  sameData,
);

export interface SettingsView {
  toggles: Toggles;
  rate: Rate | null;
  rates: Rates;
  paymentInstructions: PaymentInstructions;
  /** Within how many hours of payment a manual product is sent by hand. */
  manualDeliveryHours: number;
  /** The most of one product an order may hold (the operator's limit). */
  maxQtyPerOrder: number;
}

function settingsView(settings: StoreSettings | undefined): SettingsView {
  const instructions = settings?.paymentInstructions;
  return {
    toggles: settings?.toggles ?? DEFAULT_TOGGLES,
    rate: settings?.rate ?? null,
    rates: ratesWith(settings?.rate.usdToTnd),
    // Settings stored by an older version of the app have none.
    paymentInstructions: isPaymentInstructions(instructions) ? instructions : NO_PAYMENT_INSTRUCTIONS,
    manualDeliveryHours: isManualDeliveryHours(settings?.manualDeliveryHours)
      ? settings.manualDeliveryHours
      : DEFAULT_MANUAL_DELIVERY_HOURS,
    // Settings stored before the limit existed have none: its default.
    maxQtyPerOrder: orderLimitsOf(settings).maxQtyPerOrder,
  };
}

const DEFAULT_SETTINGS = settingsView(undefined);

function isStoreSettings(value: unknown): value is StoreSettings {
  if (typeof value !== "object" || value === null || !("toggles" in value) || !("rate" in value)) return false;
  const { toggles, rate } = value;
  return (
    typeof toggles === "object" && toggles !== null && typeof rate === "object" && rate !== null && "usdToTnd" in rate
  );
}

/** Site toggles and currency rates (defaults until the first sync lands); one shared subscription,
 * since every product card reads them. */
export const useSettings: SharedLiveQuery<SettingsView> = sharedLiveQuery(
  async () => {
    const row = await db.meta.get(META.settings);
    return settingsView(isStoreSettings(row?.value) ? row.value : undefined);
  },
  DEFAULT_SETTINGS,
  sameData,
);

/** False until the first sync has been stored locally (then true, also offline). */
export const useCatalogReady: SharedLiveQuery<boolean> = sharedLiveQuery(
  async () => (await db.meta.get(META.catalogVersion)) !== undefined,
  false,
);

/** Reads what the first page shows from the local catalog before the first render, so it renders with its data:
 * the home sections, categories, banners and settings, never the whole catalog. */
export async function primeCatalog(): Promise<void> {
  await Promise.all([useHomeProducts, useCategories, useBanners, useSettings, useCatalogReady].map((q) => q.prime()));
}

/** Rows in IndexedDB's order for their id keys (code units, as toArray() returns them). */
function byId<R extends { id: string }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A first visit renders from the first-screen answer in memory (/api/first: the home sections' products and the
 * product asked for, docs/decisions.md D33): the same values the queries will read once IndexedDB has stored
 * the catalog (`stored`), when they take over and keep them live. The answer is not a complete copy, so the
 * catalog is not "ready" until then: a page that needs every product waits for the sync.
 */
export function seedCatalog(res: SyncResponse, stored: Promise<unknown>): void {
  const products = byId(res.products);
  for (const p of products) early.set(p.id, p);
  void stored.then(forgetEarlyNotStored);
  useHomeProducts.seed(homeProducts(products), stored);
  useCategories.seed(dedupeCategories(byId(res.categories)), stored);
  useBanners.seed(heroBanners(byId(res.banners)), stored);
  useSettings.seed(settingsView(isStoreSettings(res.settings) ? res.settings : undefined), stored);
}

/** Stores the first screen's settings unless a sync stored them first, so what reads them from IndexedDB, as the
 * cart's per-order limit does, has the store's own before the whole catalog is stored, not the defaults. */
export async function keepFirstSettings(res: SyncResponse): Promise<void> {
  if (isStoreSettings(res.settings))
    await db.meta.add({ key: META.settings, value: res.settings }).catch(() => undefined);
}

/** Whether the storefront can show its catalog: "ready" once a catalog is stored (also offline), "failed"
 * when there is none and the last sync failed (a first visit without a network), "loading" otherwise. */
export type CatalogStatus = "ready" | "loading" | "failed";

export function useCatalogStatus(): CatalogStatus {
  const ready = useCatalogReady();
  const sync = useSyncState();
  return ready ? "ready" : sync === "error" ? "failed" : "loading";
}

/** State of the running sync loop: idle, syncing, ok or error. */
function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}

/** Category id -> category, for badges (named in the shopper's language). */
export function useCategoryMap(): Map<string, Category> {
  const categories = useCategories();
  const lang = useLang();
  return useMemo(
    () => new Map((categories ?? EMPTY).map((c) => [c.id, localizeCategory(c, lang)] as const)),
    [categories, lang],
  );
}
