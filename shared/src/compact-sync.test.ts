import { describe, expect, it } from "vitest";
import { compactProduct, compactSync, fullProduct, PRODUCT_DEFAULTS } from "./compact-sync.ts";
import { syncResponseSchema, type Product, type SyncResponse } from "./schemas/catalog.ts";

/** Every field that may be left out at its default. */
const plain: Product = {
  ...PRODUCT_DEFAULTS,
  id: "p1",
  title: "Gift Card",
  price: { USD: 1000, TND: 0, EUR: 0, EGP: 0 },
  variants: [],
  createdAt: 1,
  updatedAt: 2,
};

/** Every field away from its default (zero and false where the default is not). */
const rich: Product = {
  ...plain,
  id: "p2",
  description: "A code",
  image: "/uploads/a.webp",
  price: { USD: 0, TND: 3200, EUR: 0, EGP: 0 },
  variants: [
    { id: "v1", name: "10", price: { USD: 1000, TND: 0, EUR: 920, EGP: 0 } },
    { id: "v2", name: "free", price: { USD: 0, TND: 0, EUR: 0, EGP: 0 } },
  ],
  categoryId: "c1",
  discountPercent: 15,
  tagline: "Instant",
  platform: "PC",
  region: "EU",
  delivery: "Email",
  sku: "SKU-2",
  inStock: false,
  deliveryMode: "automatic",
  lowStockThreshold: 0,
  sales: 7,
  version: 4,
};

const answer = (products: Product[]): SyncResponse => ({
  version: 3,
  next: null,
  full: true,
  products,
  categories: [],
  banners: [],
  deleted: { products: [], categories: [], banners: [] },
  settings: null,
});

/** What travels: the JSON text, read back. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("the compact sync form", () => {
  it("leaves out every field at its default, and nothing else", () => {
    expect(wire(compactProduct(plain))).toEqual({
      id: "p1",
      title: "Gift Card",
      price: { USD: 1000 },
      createdAt: 1,
      updatedAt: 2,
    });
    const compactRich = wire(compactProduct(rich));
    expect(compactRich).toEqual({
      ...rich,
      price: { TND: 3200 },
      variants: [
        { id: "v1", name: "10", price: { USD: 1000, EUR: 920 } },
        { id: "v2", name: "free" },
      ],
    });
    expect(Object.keys(PRODUCT_DEFAULTS).every((field) => field in (compactRich as object))).toBe(true);
  });

  it("round-trips through the JSON text and both readers unchanged", () => {
    const sent = wire(compactSync(answer([plain, rich])));
    expect(syncResponseSchema.parse(sent)).toEqual(answer([plain, rich]));
    const { products } = sent as ReturnType<typeof compactSync>;
    expect(products.map(fullProduct)).toEqual([plain, rich]);
  });

  it("reads whole products (an answer asked for without compact) as they are", () => {
    expect(syncResponseSchema.parse(wire(answer([plain, rich])))).toEqual(answer([plain, rich]));
    expect(fullProduct(rich)).toEqual(rich);
  });

  it("still refuses fields of the wrong type, and products without their own fields", () => {
    const compact = wire(compactProduct(plain)) as Record<string, unknown>;
    const parse = (product: unknown) => syncResponseSchema.safeParse({ ...answer([]), products: [product] }).success;
    expect(parse(compact)).toBe(true);
    expect(parse({ ...compact, discountPercent: "10" })).toBe(false);
    expect(parse({ ...compact, price: { USD: -1 } })).toBe(false);
    expect(parse({ ...compact, deliveryMode: "sometimes" })).toBe(false);
    const { title: _title, ...untitled } = compact;
    expect(parse(untitled)).toBe(false);
  });
});
