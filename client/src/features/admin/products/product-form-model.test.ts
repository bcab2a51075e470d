import { beforeAll, describe, expect, it } from "vitest";
import { productCreateSchema, productUpdateSchema } from "@store/shared/schemas/admin";
import type { Product } from "@store/shared/schemas/catalog";
import {
  autofillFromTnd,
  BASE_ROW,
  draftFromProduct,
  emptyProductDraft,
  fillPendingPrices,
  priceDraftToMinor,
  productBodyFromDraft,
} from "./product-form-model.ts";
import { errorFor, fieldErrorsFromIssues } from "../panel/field-errors.ts";
import { activateLocale, loadMessages } from "../../../i18n/i18n.ts";

const product: Product = {
  id: "elden-ring",
  title: "Elden Ring",
  description: "Open world",
  image: "/uploads/abc.webp",
  price: { USD: 5999, TND: 189_500, EUR: 0, EGP: 0 },
  variants: [{ id: "deluxe", name: "Deluxe", price: { USD: 7999, TND: 0, EUR: 0, EGP: 399_950 } }],
  categoryId: "games",
  discountPercent: 15,
  tagline: "Rise, Tarnished",
  translations: { ar: { title: "إلدن رينغ" } },
  platform: "PC",
  region: "Global",
  delivery: "",
  sku: "TS-8092",
  inStock: false,
  deliveryMode: "automatic",
  lowStockThreshold: 7,
  sales: 3,
  createdAt: 1,
  updatedAt: 2,
  version: 4,
};

// The console's routes load its catalogs first (i18n.ts).
beforeAll(() => Promise.all([loadMessages("admin"), loadMessages("orders")]));

describe("TND auto-fill (D5)", () => {
  it("sets USD to TND / rate rounded to 2 decimals and resets EUR and EGP to 0", () => {
    const next = autofillFromTnd({ USD: "1", TND: "0", EUR: "9", EGP: "99" }, "100", 3.2);
    expect(next).toEqual({ TND: "100", USD: "31.25", EUR: "0", EGP: "0" });
  });

  it("rounds the converted USD to 2 decimals", () => {
    expect(autofillFromTnd({ USD: "0", TND: "0", EUR: "0", EGP: "0" }, "10", 3).USD).toBe("3.33");
    expect(autofillFromTnd({ USD: "0", TND: "0", EUR: "0", EGP: "0" }, "20", 3).USD).toBe("6.67");
  });

  it("accepts a comma as the decimal separator", () => {
    expect(autofillFromTnd({ USD: "0", TND: "0", EUR: "0", EGP: "0" }, "6,4", 3.2).USD).toBe("2");
  });

  it("only updates the TND box when the amount is not a number or the rate is unusable", () => {
    const before = { USD: "5", TND: "16", EUR: "4.6", EGP: "250" };
    expect(autofillFromTnd(before, "abc", 3.2)).toEqual({ ...before, TND: "abc" });
    expect(autofillFromTnd(before, "-1", 3.2)).toEqual({ ...before, TND: "-1" });
    expect(autofillFromTnd(before, "32", 0)).toEqual({ ...before, TND: "32" });
  });
});

const priced = { USD: "10", TND: "0", EUR: "0", EGP: "0" };

describe("prices still waiting for their conversion when Save is pressed", () => {
  it("fills every pending row and every row with a TND price but no USD, leaving the others as typed", () => {
    const draft = {
      ...emptyProductDraft(),
      title: "X",
      price: { USD: "0", TND: "32", EUR: "0", EGP: "0" },
      variants: [
        { key: "a", name: "A", price: { USD: "5", TND: "64", EUR: "0", EGP: "0" } },
        { key: "b", name: "B", price: { USD: "0", TND: "96", EUR: "0", EGP: "0" } },
        { key: "c", name: "C", price: { USD: "7", TND: "0", EUR: "1", EGP: "0" } },
      ],
    };
    const filled = fillPendingPrices(draft, new Set(["a"]), 3.2);
    expect(filled.price).toEqual({ TND: "32", USD: "10", EUR: "0", EGP: "0" });
    expect(filled.variants.map((v) => v.price)).toEqual([
      { TND: "64", USD: "20", EUR: "0", EGP: "0" },
      { TND: "96", USD: "30", EUR: "0", EGP: "0" },
      { USD: "7", TND: "0", EUR: "1", EGP: "0" },
    ]);
    expect(fillPendingPrices(draft, new Set([BASE_ROW]), 3.2).price.USD).toBe("10");
    expect(productCreateSchema.safeParse(productBodyFromDraft(filled)).success).toBe(true);
  });

  it("lets the shared schema refuse an option left at USD 0, naming it and the currency in the operator's language", async () => {
    await activateLocale("en");
    const draft = {
      ...emptyProductDraft(),
      title: "X",
      variants: [{ key: "k", name: "Large", price: { USD: "0", TND: "0", EUR: "0", EGP: "0" } }],
    };
    const result = productCreateSchema.safeParse(productBodyFromDraft(draft));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromIssues(result.error.issues)).toEqual({
      "variants.0.price.USD": 'Option "Large": the price in USD cannot be 0.',
    });
    await activateLocale("fr");
    expect(fieldErrorsFromIssues(result.error.issues)["variants.0.price.USD"]).toBe(
      "Option « Large » : le prix en USD ne peut pas être 0.",
    );
    await activateLocale("en");
  });
});

describe("form <-> API mapping in minor units", () => {
  beforeAll(() => activateLocale("en"));
  it.each([
    [
      "converts typed major amounts to integer minor units per currency (TND has 3 decimals)",
      { USD: "59.99", TND: "189.5", EUR: "0.1", EGP: "" },
      { USD: 5999, TND: 189_500, EUR: 10, EGP: 0 },
    ],
    [
      "does not drift on amounts that are inexact in binary floating point",
      { USD: "19.99", TND: "1.005", EUR: "4.35", EGP: "1.15" },
      { USD: 1999, TND: 1005, EUR: 435, EGP: 115 },
    ],
  ])("%s", (_case, typed, minor) => {
    expect(priceDraftToMinor(typed)).toEqual(minor);
  });

  it("fills the form from a product and maps it back to the same body", () => {
    const draft = draftFromProduct(product);
    expect(draft.price).toEqual({ USD: "59.99", TND: "189.5", EUR: "0", EGP: "0" });
    expect(draft.categoryId).toBe("games");
    expect(draft.inStock).toBe(false);
    const body = productBodyFromDraft(draft);
    expect(body).toEqual({
      translations: { ar: { title: "إلدن رينغ" } },
      title: "Elden Ring",
      description: "Open world",
      tagline: "Rise, Tarnished",
      platform: "PC",
      region: "Global",
      image: "/uploads/abc.webp",
      sku: "TS-8092",
      inStock: false,
      deliveryMode: "automatic",
      lowStockThreshold: 7,
      price: { USD: 5999, TND: 189_500, EUR: 0, EGP: 0 },
      discountPercent: 15,
      categoryId: "games",
      variants: [{ id: "deluxe", name: "Deluxe", price: { USD: 7999, TND: 0, EUR: 0, EGP: 399_950 } }],
    });
    expect(productUpdateSchema.safeParse({ ...body, version: product.version }).success).toBe(true);
  });

  it("sends no category as null and new variants without an id", () => {
    const draft = {
      ...emptyProductDraft(),
      title: "Gift card",
      variants: [{ key: "k", name: " 50 USD ", price: { USD: "50", TND: "0", EUR: "0", EGP: "0" } }],
    };
    const body = productBodyFromDraft(draft);
    expect(body.categoryId).toBeNull();
    expect(body.variants).toEqual([{ name: "50 USD", price: { USD: 5000, TND: 0, EUR: 0, EGP: 0 } }]);
    expect(productCreateSchema.safeParse(body).success).toBe(true);
  });

  it("lets the shared schema refuse a price that is not a number, keyed by field", () => {
    const draft = { ...emptyProductDraft(), title: "X", price: { USD: "abc", TND: "0", EUR: "0", EGP: "0" } };
    const result = productCreateSchema.safeParse(productBodyFromDraft(draft));
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrorsFromIssues(result.error.issues);
    expect(Object.keys(errors)).toContain("price.USD");
    expect(errorFor(errors, "price")).toBe(errors["price.USD"]);
  });

  it("lets the shared schema refuse a low-stock threshold that is not a whole number from 0", () => {
    for (const typed of ["", "-1", "2.5", "abc"]) {
      const draft = { ...emptyProductDraft(), title: "X", lowStockThreshold: typed, price: priced };
      const result = productCreateSchema.safeParse(productBodyFromDraft(draft));
      expect(result.success, typed).toBe(false);
      if (result.success) continue;
      expect(Object.keys(fieldErrorsFromIssues(result.error.issues))).toEqual(["lowStockThreshold"]);
    }
    const ok = productBodyFromDraft({ ...emptyProductDraft(), title: "X", lowStockThreshold: " 0 ", price: priced });
    expect(ok.lowStockThreshold).toBe(0);
    expect(ok.deliveryMode).toBe("manual");
    expect(productCreateSchema.safeParse(ok).success).toBe(true);
  });

  it("reports a missing title on the title field, in the operator's language", async () => {
    const result = productCreateSchema.safeParse(productBodyFromDraft(emptyProductDraft()));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromIssues(result.error.issues, "product").title).toBe("Title is required");
    await activateLocale("fr");
    expect(fieldErrorsFromIssues(result.error.issues, "product").title).toBe("Le titre est obligatoire");
    await activateLocale("en");
  });
});
