/** Test builders for catalog rows. */
import type { Category, StoreSettings, SyncResponse } from "@store/shared/schemas/catalog";
import { product } from "@store/shared/test/fixtures";

export { product };
export function category(id: string, patch: Partial<Category> = {}): Category {
  return { id, name: `Category ${id}`, slug: `category-${id}`, parentId: null, version: 1, ...patch };
}

export function syncResponse(patch: Partial<SyncResponse> = {}): SyncResponse {
  return {
    version: 1,
    next: null,
    full: true,
    products: [],
    categories: [],
    banners: [],
    deleted: { products: [], categories: [], banners: [] },
    settings: null,
    ...patch,
  };
}

/** The operator's settings as the catalog sync brings them: no payment instructions, USD at 3.2 TND. */
export function storeSettings(patch: Partial<StoreSettings> = {}): StoreSettings {
  return {
    toggles: { showNewsletter: false, showPremium: false, showPromo: false },
    rate: { usdToTnd: 3.2, updatedAt: 1 },
    paymentInstructions: { en: "", fr: "", ar: "" },
    manualDeliveryHours: 24,
    maxQtyPerOrder: 10,
    ...patch,
  };
}
