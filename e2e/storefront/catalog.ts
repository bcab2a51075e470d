/** Reads the demo catalog from the server so specs never hard-code ids or slugs. */
import type { APIRequestContext } from "@playwright/test";
import { syncResponseSchema, type SyncResponse } from "@store/shared/schemas/catalog";

/** The storefront's catalog requests (the first screen's answer and the sync), to hold or fail them. */
export const CATALOG_REQUESTS = /\/api\/(sync|first)(\?|$)/;

/** The whole catalog, every page of the full sync (compact, as the storefront asks; the shared schema fills the
 * products' defaults back). */
export async function loadCatalog(request: APIRequestContext): Promise<SyncResponse> {
  const read = async (after: string | null): Promise<SyncResponse> => {
    const query = after === null ? "" : `&after=${encodeURIComponent(after)}`;
    const res = await request.get(`/api/sync?since=0&limit=2000&compact=1${query}`);
    if (!res.ok()) throw new Error(`GET /api/sync answered ${res.status()}`);
    return syncResponseSchema.parse(await res.json());
  };
  const catalog = await read(null);
  for (let next = catalog.next; next !== null;) {
    const page = await read(next);
    catalog.products.push(...page.products);
    next = page.next;
  }
  return { ...catalog, next: null };
}

/** A top-level category that has products of its own or in its subcategories. */
export function categoryWithProducts(catalog: SyncResponse) {
  for (const category of catalog.categories.filter((c) => c.parentId === null)) {
    const ids = new Set([
      category.id,
      ...catalog.categories.filter((c) => c.parentId === category.id).map((c) => c.id),
    ]);
    const products = catalog.products.filter((p) => p.categoryId !== null && ids.has(p.categoryId));
    if (products.length > 0) return { category, products };
  }
  throw new Error("the demo catalog has no category with products");
}

export function productWithVariants(catalog: SyncResponse) {
  const product = catalog.products.find((p) => p.variants.length > 1);
  if (!product) throw new Error("the demo catalog has no product with variants");
  return product;
}

export function productWithoutVariants(catalog: SyncResponse) {
  // A manual-delivery one: marked paid, its order stays 'paid' (an automatic demo product's would be delivered).
  const product = catalog.products.find((p) => p.variants.length === 0 && p.inStock && p.deliveryMode === "manual");
  if (!product) throw new Error("the demo catalog has no simple product");
  return product;
}
