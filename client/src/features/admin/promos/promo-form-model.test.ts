import { describe, expect, it } from "vitest";
import { promoCreateSchema } from "@store/shared/schemas/promos";
import { parsePromoForm, parsePromoLimits, untilInputValue } from "./promo-form-model.ts";

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

describe("promo limits", () => {
  it("reads the last day (whole, in local time) and the usage limit; empty means none", () => {
    const parsed = parsePromoLimits("2030-02-28", " 25 ");
    expect(parsed).toEqual({ ok: true, value: { expiresAt: new Date(2030, 2, 1).getTime(), maxUses: 25 } });
    expect(parsePromoLimits("", "")).toEqual({ ok: true, value: { expiresAt: null, maxUses: null } });
    if (parsed.ok) expect(untilInputValue(parsed.value.expiresAt)).toBe("2030-02-28");
    expect(untilInputValue(null)).toBe("");
  });

  it("refuses a malformed date or a usage limit that is not a whole number from 1", () => {
    expect(parsePromoLimits("28/02/2030", "")).toEqual({ ok: false, reason: "date" });
    for (const uses of ["0", "-1", "1.5", "abc", "99999999"])
      expect(parsePromoLimits("", uses)).toEqual({ ok: false, reason: "maxUses" });
  });
});
