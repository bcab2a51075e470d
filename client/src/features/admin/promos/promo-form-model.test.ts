import { describe, expect, it } from "vitest";
import { promoCreateSchema } from "@store/shared/schemas/promos";
import { parsePromoForm } from "./promo-form-model.ts";

describe("Add Promo form", () => {
  it("upper-cases and trims the code and creates it active", () => {
    expect(parsePromoForm("  save10 ", "10")).toEqual({
      ok: true,
      value: { code: "SAVE10", percent: 10, active: true },
    });
  });

  it("is skipped when the code is empty", () => {
    expect(parsePromoForm("   ", "10")).toEqual({ ok: false, reason: "code" });
  });

  it("is skipped when the percent is 0 or not a number", () => {
    for (const p of ["0", "", "abc", "NaN"])
      expect(parsePromoForm("SAVE", p)).toEqual({ ok: false, reason: "percent" });
  });

  it("leaves out-of-range percents to the shared schema", () => {
    const parsed = parsePromoForm("SAVE", "150");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(promoCreateSchema.safeParse(parsed.value).success).toBe(false);
  });
});
