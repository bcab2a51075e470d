import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "./currency.ts";
import { applyPercent, listPrice, unitPrice } from "./money.ts";

const prices = { USD: 2000, TND: 0, EUR: 1900, EGP: 0 };

describe("pricing", () => {
  it("uses an explicit price when set and derives the others from USD", () => {
    expect(listPrice(prices, "EUR", DEFAULT_RATES)).toBe(1900);
    expect(listPrice(prices, "TND", DEFAULT_RATES)).toBe(64_000);
    expect(listPrice(prices, "EGP", DEFAULT_RATES)).toBe(100_000);
  });

  it("applies a whole-number discount, clamped to 0..100", () => {
    expect(applyPercent(1999, 10)).toBe(1799);
    expect(applyPercent(1000, 150)).toBe(0);
    expect(applyPercent(1000, -5)).toBe(1000);
    expect(unitPrice(prices, 25, "USD", DEFAULT_RATES)).toBe(1500);
  });
});
