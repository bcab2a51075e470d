/** Read-only catalog hooks: every storefront screen reads the local copy through these (docs/decisions.md D1). */
import { useMemo, useSyncExternalStore } from "react";
import { heroBanners } from "@store/shared/banners";
import { ratesWith, type Rates } from "@store/shared/currency";
import type { Banner, Category, Product, Rate, StoreSettings, SyncResponse } from "@store/shared/schemas/catalog";
import {
  DEFAULT_TOGGLES,
  isPaymentInstructions,
  NO_PAYMENT_INSTRUCTIONS,
  type PaymentInstructions,
  type Toggles,
} from "@store/shared/store-settings";
import { db, META } from "../../local/db.ts";
import { getSyncState, subscribeSyncState, type SyncState } from "../../local/catalog-sync.ts";
import { sameData, sharedLiveQuery, type SharedLiveQuery } from "../../local/shared-live-query.ts";
import { compareText } from "../search/normalize.ts";

const EMPTY: never[] = [];

/** All products, or undefined while IndexedDB is still answering (one subscription shared by all readers). */
export const useProducts: SharedLiveQuery<Product[] | undefined> = sharedLiveQuery<Product[] | undefined>(
  () => db.products.toArray(),
  undefined,
  sameData,
);

/** One product (null when the local catalog has no such id), from the shared product list. */
export function useProduct(id: string): Product | null | undefined {
  const products = useProducts();
  return useMemo(
    () => (products === undefined ? undefined : (products.find((p) => p.id === id) ?? null)),
    [products, id],
  );
}

/** All categories with duplicate slugs dropped (first kept, docs/product.md, "Catalog"), sorted by name. */
export const useCategories: SharedLiveQuery<Category[] | undefined> = sharedLiveQuery<Category[] | undefined>(
  async () => dedupeCategories(await db.categories.toArray()),
  undefined,
  sameData,
);

export function dedupeCategories(rows: readonly Category[]): Category[] {
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
}

export function settingsView(settings: StoreSettings | undefined): SettingsView {
  const instructions = settings?.paymentInstructions;
  return {
    toggles: settings?.toggles ?? DEFAULT_TOGGLES,
    rate: settings?.rate ?? null,
    rates: ratesWith(settings?.rate.usdToTnd),
    // Settings stored by an older version of the app have none.
    paymentInstructions: isPaymentInstructions(instructions) ? instructions : NO_PAYMENT_INSTRUCTIONS,
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

/** Reads the local catalog once before the first render, so the first page renders with its data. */
export async function primeCatalog(): Promise<void> {
  await Promise.all([useProducts, useCategories, useBanners, useSettings, useCatalogReady].map((q) => q.prime()));
}

/** Rows in IndexedDB's order for their id keys (code units, as toArray() returns them). */
function byId<R extends { id: string }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A first visit renders from the sync answer in memory: the same values the queries will read once
 * IndexedDB has stored it (`stored`), when they take over and keep them live.
 */
export function seedCatalog(res: SyncResponse, stored: Promise<unknown>): void {
  useProducts.seed(byId(res.products), stored);
  useCategories.seed(dedupeCategories(byId(res.categories)), stored);
  useBanners.seed(heroBanners(byId(res.banners)), stored);
  useSettings.seed(settingsView(isStoreSettings(res.settings) ? res.settings : undefined), stored);
  useCatalogReady.seed(true, stored);
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
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}

/** Category id -> category, for badges. */
export function useCategoryMap(): Map<string, Category> {
  const categories = useCategories();
  return useMemo(() => new Map((categories ?? EMPTY).map((c) => [c.id, c] as const)), [categories]);
}
