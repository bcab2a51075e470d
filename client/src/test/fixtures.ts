/** Test builders for catalog rows. */
import type { Category, Product, SyncResponse } from "@store/shared/schemas/catalog";

export function product(id: string, patch: Partial<Product> = {}): Product {
  return {
    id,
    title: `Product ${id}`,
    description: "",
    image: "",
    price: { USD: 1000, TND: 0, EUR: 0, EGP: 0 },
    variants: [],
    categoryId: null,
    discountPercent: 0,
    tagline: "",
    platform: "PC",
    region: "Global",
    delivery: "",
    sku: id,
    deliveryMode: "manual",
    lowStockThreshold: 5,
    inStock: true,
    sales: 0,
    createdAt: 1,
    updatedAt: 1,
    version: 1,
    ...patch,
  };
}

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
