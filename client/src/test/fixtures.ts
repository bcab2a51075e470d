/** Test builders for catalog rows. */
import type { Category, SyncResponse } from "@store/shared/schemas/catalog";
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
