import { describe, expect, it } from "vitest";
import { CURRENCIES, formatMoney } from "@store/shared/currency";
import { LOCALES } from "@store/shared/schemas/checkout";
import { moneyIn } from "./templates.ts";

describe("the amounts a mail says", () => {
  it("read as formatMoney writes them, in every currency and language, past the bound of remembered amounts", () => {
    for (const currency of CURRENCIES)
      for (const locale of LOCALES) {
        const money = moneyIn(currency, locale);
        // Each amount twice (formatted, then remembered), over more amounts than are kept.
        for (let minor = 0; minor < 2_500; minor++) {
          const amount = minor * 137;
          expect(money(amount)).toBe(formatMoney(amount, currency, locale));
          expect(money(amount)).toBe(formatMoney(amount, currency, locale));
        }
      }
  });
});
