import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "@store/shared/currency";
import { lineKey } from "@store/shared/cart";
import { makeProduct } from "../../test/catalog-builders.ts";
import { checkoutItems, overridesFrom, priceCart, promoDiscount, type CartLineInput } from "./cart-pricing.ts";

const steam = makeProduct({ id: "steam-20", price: { USD: 2000, TND: 0, EUR: 0, EGP: 0 } });
const spotify = makeProduct({
  id: "spotify-3m",
  discountPercent: 10,
  price: { USD: 0, TND: 0, EUR: 0, EGP: 0 },
  variants: [
    { id: "3m", name: "3 Months", price: { USD: 1299, TND: 45000, EUR: 0, EGP: 0 } },
    { id: "6m", name: "6 Months", price: { USD: 2399, TND: 0, EUR: 0, EGP: 0 } },
  ],
});
const catalog = new Map([steam, spotify].map((p) => [p.id, p] as const));
const line = (id: string, qty: number, variantId?: string): CartLineInput => ({
  key: lineKey({ id, variantId }),
  id,
  qty,
  variantId,
});

describe("priceCart", () => {
  it("sums unit price x qty in USD cents, after the product discount", () => {
    const cart = priceCart([line("steam-20", 2), line("spotify-3m", 1, "6m")], catalog, "USD", DEFAULT_RATES);
    // 2 x 2000 + round(2399 x 0.9) = 4000 + 2159
    expect(cart.subtotal).toBe(6159);
    expect(cart.complete).toBe(true);
    expect(cart.lines.map((l) => l.lineTotal)).toEqual([4000, 2159]);
  });

  it("uses millimes for TND, the explicit TND price when set and USD x rate otherwise", () => {
    const cart = priceCart([line("steam-20", 1), line("spotify-3m", 2, "3m")], catalog, "TND", DEFAULT_RATES);
    // steam: 20 USD x 3.2 = 64.000 TND; spotify 3m: 45.000 TND less 10% = 40.500, twice
    expect(cart.lines.map((l) => l.unitPrice)).toEqual([64000, 40500]);
    expect(cart.subtotal).toBe(64000 + 81000);
  });

  it("follows the admin's usdToTnd rate", () => {
    const cart = priceCart([line("steam-20", 1)], catalog, "TND", { ...DEFAULT_RATES, TND: 3.1 });
    expect(cart.subtotal).toBe(62000);
  });

  it("marks the cart incomplete when a product or its variant is not in the local catalog", () => {
    const missing = priceCart([line("steam-20", 1), line("gone", 3)], catalog, "USD", DEFAULT_RATES);
    expect(missing.complete).toBe(false);
    expect(missing.subtotal).toBe(2000);
    expect(missing.lines[1]?.unitPrice).toBeNull();
    expect(priceCart([line("spotify-3m", 1, "12m")], catalog, "USD", DEFAULT_RATES).complete).toBe(false);
  });

  it("prefers the server's 409 prices in the currency they were given in", () => {
    const answer = {
      error: "Prices have changed. Please review your cart." as const,
      prices: [{ id: "steam-20", variantId: null, unitPrice: 2500 }],
      subtotal: 2500,
    };
    const overrides = overridesFrom(answer, "USD");
    expect(priceCart([line("steam-20", 2)], catalog, "USD", DEFAULT_RATES, overrides).subtotal).toBe(5000);
    expect(priceCart([line("steam-20", 2)], catalog, "EUR", DEFAULT_RATES, overrides).subtotal).toBe(2 * 1840);
  });
});

describe("promoDiscount", () => {
  it("is the part of the subtotal the percent takes off, rounded to a minor unit", () => {
    expect(promoDiscount(6159, 10)).toBe(616);
    expect(promoDiscount(1000, 100)).toBe(1000);
    expect(promoDiscount(0, 50)).toBe(0);
  });
});

describe("checkoutItems", () => {
  it("sends id and qty, and variantId only for variant lines", () => {
    expect(checkoutItems([line("steam-20", 2), line("spotify-3m", 1, "3m")])).toEqual([
      { id: "steam-20", qty: 2 },
      { id: "spotify-3m", qty: 1, variantId: "3m" },
    ]);
  });
});
