/** Product and category builders shared by the search tests and the benchmark. */
import type { Category, Product } from "@store/shared/schemas/catalog";

let seq = 0;

export function makeProduct(over: Partial<Product> = {}): Product {
  seq += 1;
  return {
    id: `p${seq}`,
    title: `Product ${seq}`,
    description: "",
    image: "",
    price: { USD: 1000, TND: 0, EUR: 0, EGP: 0 },
    variants: [],
    categoryId: null,
    discountPercent: 0,
    tagline: "",
    platform: "PC",
    region: "Global",
    delivery: "Email",
    sku: `SKU-${seq}`,
    deliveryMode: "manual",
    lowStockThreshold: 5,
    inStock: true,
    sales: 0,
    createdAt: 1_700_000_000_000 + seq,
    updatedAt: 1_700_000_000_000 + seq,
    version: 1,
    ...over,
  };
}

export function makeCategory(id: string, name: string, parentId: string | null = null, slug?: string): Category {
  return {
    id,
    name,
    slug:
      slug ??
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    parentId,
    version: 1,
  };
}
