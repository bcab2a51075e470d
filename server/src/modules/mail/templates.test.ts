import { describe, expect, it } from "vitest";
import { CURRENCIES, formatMoney } from "@store/shared/currency";
import { LOCALES } from "@store/shared/schemas/checkout";
import { deliveryMail, moneyIn, orderConfirmationMail, orderLinkMail } from "./templates.ts";

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

describe("the private order page's link in a shopper's mail", () => {
  const orderUrl = "https://store.example/orders/Tok_en-1";
  const order = {
    code: "PNR-0000TEST",
    customerName: "Amira",
    customerEmail: "amira@example.com",
    customerWhatsapp: "+216 20 123 456",
    notes: "",
    currency: "TND" as const,
    lines: [{ title: "Steam 20", variantName: null, qty: 1, unitPrice: 64_000, lineTotal: 64_000 }],
    subtotal: 64_000,
    discount: 0,
    total: 64_000,
    promoCode: null,
    orderUrl,
    paymentLink: null,
  };

  it("names the mail's language, so the page opens in it wherever the link is followed", () => {
    for (const locale of LOCALES) {
      const link = `${orderUrl}?lang=${locale}`;
      const mails = [
        orderConfirmationMail(locale, order),
        deliveryMail(locale, { code: order.code, items: [], orderUrl }),
        orderLinkMail(locale, { code: order.code, orderUrl }),
      ];
      for (const mail of mails) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
      }
    }
  });

  it("an unknown language's mail links in English, as it is written", () => {
    expect(orderLinkMail("de", { code: order.code, orderUrl }).text).toContain(`${orderUrl}?lang=en`);
  });
});
