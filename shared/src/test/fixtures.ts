/** Test builders for catalog rows, shared by the client's and the shared package's tests. */
import type { AppFiles } from "../app-files.ts";
import type { Product } from "../schemas/catalog.ts";

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

/** A build's list of app files: an entry with two imports, a product and a home chunk, two languages. */
export const APP_FILES: AppFiles = {
  entry: "/assets/index-1.js",
  imports: ["/assets/react-1.js", "/assets/db-1.js"],
  routes: [
    ["^/product/[^/]+/?$", ["/assets/product-1.js", "/assets/price-1.js"]],
    ["^/?$", ["/assets/home-1.js", "/assets/price-1.js"]],
  ],
  locales: { en: ["/assets/messages-en.js"], ar: ["/assets/messages-ar.js"] },
  routeCatalogs: [["^/cart/?$", { en: ["/assets/orders-en.js"], ar: ["/assets/orders-ar.js"] }]],
};
