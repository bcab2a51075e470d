import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { ERROR_CODES, FIELD_ERROR_CODES } from "@store/shared/schemas/error-codes";
import { CHECKOUT_ERROR_CODES, type LOCALES } from "@store/shared/schemas/checkout";
import { PAYMENT_ERROR_CODES } from "@store/shared/schemas/payments";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { productCreateSchema } from "@store/shared/schemas/admin";
import { activateLocale, i18n, loadMessages } from "./i18n.ts";
import { codedText, fieldTexts, issueTexts, refusalText, storageFullText } from "./error-messages.ts";

const EVERY_CODE = [
  ...Object.values(FIELD_ERROR_CODES),
  ...Object.values(ERROR_CODES),
  ...Object.values(CHECKOUT_ERROR_CODES),
  ...Object.values(PAYMENT_ERROR_CODES),
  RATE_LIMITED,
];
const PARAMS = { min: 2, max: 80, code: "SUMMER", title: "PSN $10", available: 3, retryAfter: 30, expected: "text" };
const ARABIC = /[\u0600-\u06FF]/;

async function textsIn(locale: (typeof LOCALES)[number]): Promise<Map<string, string | null>> {
  await activateLocale(locale);
  return new Map(EVERY_CODE.map((code) => [code, codedText(i18n, { code, params: PARAMS })]));
}

// The routes that show these sentences load their catalog first (i18n.ts).
beforeAll(() => loadMessages("orders"));

describe("the catalog of refusals and field errors", () => {
  afterAll(() => activateLocale("en"));

  it("says an edit refused for lack of storage in English, French and Arabic", async () => {
    await activateLocale("en");
    const en = storageFullText(i18n);
    expect(en).toMatch(/out of storage/);
    await activateLocale("fr");
    expect(storageFullText(i18n)).toMatch(/stockage/);
    await activateLocale("ar");
    expect(storageFullText(i18n)).toMatch(ARABIC);
  });

  it("says every code the server and the shared schemas send, in English, French and Arabic", async () => {
    const en = await textsIn("en");
    const fr = await textsIn("fr");
    const ar = await textsIn("ar");
    for (const code of EVERY_CODE) {
      expect(en.get(code), code).toBeTruthy();
      // A French sentence is its own (not the English one left untranslated), an Arabic one is in Arabic.
      expect(fr.get(code), code).toBeTruthy();
      expect(fr.get(code), code).not.toBe(en.get(code));
      expect(ar.get(code), code).toMatch(ARABIC);
    }
  });

  it("puts the parameters into the sentence", async () => {
    await activateLocale("en");
    expect(codedText(i18n, { code: "too_long", params: { max: 80 } })).toBe("Enter at most 80 characters.");
    expect(codedText(i18n, { code: "promo_code_taken", params: { code: "SUMMER" } })).toBe(
      "The promo code SUMMER already exists.",
    );
    await activateLocale("ar");
    expect(codedText(i18n, { code: "promo_code_taken", params: { code: "SUMMER" } })).toBe(
      "رمز الخصم SUMMER موجود بالفعل.",
    );
    await activateLocale("fr");
    expect(codedText(i18n, { code: "too_big", params: { max: 100 } })).toBe(
      "Saisissez un nombre inférieur ou égal à 100.",
    );
  });

  it("knows nothing of an unknown code, and then the server's own text is the last resort", async () => {
    await activateLocale("fr");
    expect(codedText(i18n, { code: "no_such_code" })).toBeNull();
    expect(refusalText(i18n, { code: "no_such_code", message: "Server words" })).toBe("Server words");
    expect(fieldTexts(i18n, { title: { code: "no_such_code" } }, { title: "Title words" })).toEqual({
      title: "Title words",
    });
  });

  it("says a refused body by its first field, and a domain refusal by its own code", async () => {
    await activateLocale("fr");
    const discount = { discountPercent: { code: "too_big", params: { max: 100 } } };
    expect(
      refusalText(i18n, { code: "invalid_request", message: "Discount must be between 0 and 100" }, discount),
    ).toBe("Saisissez un nombre inférieur ou égal à 100.");
    expect(refusalText(i18n, { code: "category_in_use", message: "Cannot delete category in use" })).not.toMatch(
      /Cannot/,
    );
  });

  it("translates the shared schema's issues checked on the device, field by field", async () => {
    const check = productCreateSchema.safeParse({ title: "", discountPercent: 150, price: { USD: 100 } });
    if (check.success) throw new Error("the schema took a product with no title");
    await activateLocale("ar");
    const errors = issueTexts(i18n, check.error.issues);
    expect(Object.keys(errors).sort()).toEqual(["discountPercent", "title"]);
    expect(errors.title).toBe("هذا الحقل مطلوب.");
    expect(errors.discountPercent).toMatch(ARABIC);
    expect(errors.discountPercent).toContain("100");
  });

  it("keeps the checkout's own sentence for each of its fields", async () => {
    await activateLocale("en");
    expect(codedText(i18n, { code: "too_short", params: { min: 2 } }, { field: "name", form: "checkout" })).toBe(
      "Full name is required.",
    );
    expect(codedText(i18n, { code: "too_many", params: { max: 50 } }, { field: "items", form: "checkout" })).toBe(
      "A cart can hold at most 50 lines.",
    );
    expect(codedText(i18n, { code: "required" }, { field: "items", form: "checkout" })).toBe("Your cart is empty.");
    expect(codedText(i18n, { code: "quantity_over_limit" }, { field: "items.3.qty", form: "checkout" })).toBe(
      "Quantity must be a whole number from 1 to 99.",
    );
  });

  it("gives an admin form's required field its own sentence, in English, French and Arabic", async () => {
    const required = { code: FIELD_ERROR_CODES.required };
    const own = () => ({
      category: codedText(i18n, required, { field: "name", form: "category" }),
      title: codedText(i18n, required, { field: "title", form: "product" }),
      option: codedText(i18n, required, { field: "variants.2.name", form: "product" }),
      banner: codedText(i18n, required, { field: "title", form: "banner" }),
      promo: codedText(i18n, required, { field: "code", form: "promo" }),
      // Another code of the same field keeps the generic sentence of its kind.
      long: codedText(i18n, { code: "too_long", params: { max: 100 } }, { field: "name", form: "category" }),
    });
    await activateLocale("en");
    expect(own()).toEqual({
      category: "Category name is required",
      title: "Title is required",
      option: "Variant name is required",
      banner: "Banner title is required",
      promo: "Promo code is required",
      long: "Enter at most 100 characters.",
    });
    const answer = fieldTexts(i18n, { name: required }, { name: "Category name is required" }, "category");
    expect(answer.name).toBe("Category name is required");
    await activateLocale("fr");
    expect(own().category).toBe("Le nom de la catégorie est obligatoire");
    expect(own().title).toBe("Le titre est obligatoire");
    await activateLocale("ar");
    expect(own().category).toBe("اسم الفئة مطلوب");
    expect(own().banner).toBe("عنوان اللافتة مطلوب");
  });
});
