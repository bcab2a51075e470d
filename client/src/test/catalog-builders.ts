/** Product and category builders with unique ids and dates, for the search and cart tests. */
import type { Category, Product } from "@store/shared/schemas/catalog";
import { product } from "./fixtures.ts";

let seq = 0;

export function makeProduct(over: Partial<Product> = {}): Product {
  seq += 1;
  const at = 1_700_000_000_000 + seq;
  return product(`p${seq}`, { delivery: "Email", sku: `SKU-${seq}`, createdAt: at, updatedAt: at, ...over });
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
