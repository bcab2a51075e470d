import { describe, expect, it } from "vitest";
import {
  coerceCurrency,
  convertFromUsdMinor,
  DEFAULT_RATES,
  formatMoney,
  ratesWith,
  round2,
  toMinor,
} from "./currency.ts";

describe("currency rules", () => {
  it("coerces unknown currencies to USD", () => {
    expect(coerceCurrency("TND")).toBe("TND");
    expect(coerceCurrency("GBP")).toBe("USD");
    expect(coerceCurrency(null)).toBe("USD");
  });

  it("converts USD cents into each currency's minor units at the default rates", () => {
    expect(convertFromUsdMinor(1000, "TND", DEFAULT_RATES)).toBe(32_000); // 32.000 TND, 3 decimals
    expect(convertFromUsdMinor(1000, "EGP", DEFAULT_RATES)).toBe(50_000);
    expect(convertFromUsdMinor(1000, "EUR", DEFAULT_RATES)).toBe(920);
    expect(convertFromUsdMinor(Number.NaN, "EUR", DEFAULT_RATES)).toBe(0);
  });

  it("uses the admin's daily usdToTnd for TND only", () => {
    const rates = ratesWith(3.1);
    expect(rates.TND).toBe(3.1);
    expect(rates.EUR).toBe(0.92);
    expect(ratesWith(-1).TND).toBe(3.2);
  });

  it("treats non-finite typed amounts as 0 and rounds to 2 decimals", () => {
    expect(toMinor(Number.POSITIVE_INFINITY, "USD")).toBe(0);
    expect(toMinor(12.345, "TND")).toBe(12_345);
    expect(round2(10 / 3.2)).toBe(3.13);
  });

  it("formats with the locale's currency formatter", () => {
    expect(formatMoney(1999, "USD", "en")).toBe("$19.99");
    expect(formatMoney(32_000, "TND", "en")).toContain("32.000");
    expect(formatMoney(1999, "EUR", "fr")).toMatch(/19,99\s€/);
    // In Arabic, "US$" is kept whole by a left-to-right mark; Arabic symbols carry the formatter's own mark.
    expect(formatMoney(1999, "USD", "ar")).toBe("\u200f19.99\u00a0US$\u200e");
    expect(formatMoney(1999, "EUR", "ar")).toBe("\u200f19.99\u00a0€");
    expect(formatMoney(32_000, "TND", "ar")).toBe("\u200f32.000\u00a0د.ت.\u200f");
    expect(formatMoney(1999, "USD", "fr")).toBe("19,99\u00a0$US");
  });
});
