import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { LOCALES } from "@store/shared/schemas/checkout";
import { readCatalog, sayIn } from "./catalog.ts";
import { ALL_MAIL_MESSAGES, MAIL_MESSAGES } from "./messages.ts";
import { ORDER_MAIL_DATA } from "../../test/order-mail-data.ts";
import { deliveryMail, orderConfirmationMail, orderLinkMail, paymentReceivedMail } from "./templates.ts";

/** What every mail's page holds before its body: a phone's mail app shows it at the phone's width. */
const HEAD = '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();

const order = { ...ORDER_MAIL_DATA, manualDeliveryHours: 48 };

describe("the mail catalogs", () => {
  it("hold every message the code says, the same ids the extractor reads from the mail module's source", () => {
    const folder = new URL(".", import.meta.url);
    const marked = fs
      .readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && !file.includes(".test."))
      .flatMap((file) => [
        ...fs.readFileSync(new URL(file, folder), "utf8").matchAll(/\/\*i18n\*\/\s*\{\s*id:\s*"([^"]+)"/g),
      ])
      .map((match) => match[1]);
    const ids = ALL_MAIL_MESSAGES.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...marked].sort()).toEqual([...ids].sort());
  });

  it.each(LOCALES)("%s: every message translated, nothing else, each with the English's placeholders", (locale) => {
    const catalog = readCatalog(locale);
    // An empty translation is left out by readCatalog, so it shows here as missing.
    expect(Object.keys(catalog).sort()).toEqual(ALL_MAIL_MESSAGES.map((message) => message.id).sort());
    for (const message of ALL_MAIL_MESSAGES) {
      const translation = catalog[message.id] ?? "";
      expect(translation.trim(), message.id).not.toBe("");
      expect(placeholders(translation), message.id).toEqual(placeholders(message.message));
      expect(() => compileMessageOrThrow(translation), message.id).not.toThrow();
      // en.po is written from the code by i18n:extract: a message changed without extracting again fails here.
      if (locale === "en") expect(translation, message.id).toBe(message.message);
    }
  });

  it("says the values as given, even what Lingui would decode or format", () => {
    const say = sayIn("fr");
    expect(say(MAIL_MESSAGES.thanks, { code: "A\\u0042{code}#1" })).toBe("Merci pour votre commande A\\u0042{code}#1.");
    expect(say(MAIL_MESSAGES.manualDelivery, { hours: 1000 })).toBe(
      "Envoyé à la main dans les 1000 heures suivant le paiement, par e-mail.",
    );
    // @ts-expect-error a message with a placeholder needs its value
    expect(say(MAIL_MESSAGES.thanks)).toBe("Merci pour votre commande .");
    // @ts-expect-error and only the values its English text names
    expect(say(MAIL_MESSAGES.hello, { code: "X" })).toBe("Bonjour,");
  });
});

describe("the mails in each language", () => {
  it("English, left to right", () => {
    const mail = paymentReceivedMail("en", { code: "AB12CD" });
    expect(mail.subject).toBe("Payment received for order AB12CD");
    expect(mail.text).toBe(
      "Hello,\n\nWe have received the payment for your order AB12CD. Your codes will arrive by email shortly.\n\nThank you for shopping with us.",
    );
    expect(mail.html).toContain(`<html lang="en" dir="ltr">${HEAD}<body dir="ltr"`);
  });

  it("French, left to right", () => {
    const mail = orderConfirmationMail("fr", order);
    expect(mail.subject).toBe("Commande PNR-ABCD1234 reçue : paiement en attente");
    expect(mail.text).toContain("Merci pour votre commande PNR-ABCD1234.");
    expect(mail.text).toContain("Envoyé à la main dans les 48 heures suivant le paiement, par e-mail.");
    expect(mail.html).toContain(`<html lang="fr" dir="ltr">${HEAD}<body dir="ltr"`);
    expect(mail.html).toContain("<th>Article</th><th>Qté</th><th>Prix</th><th>Total</th>");
  });

  it("Arabic, right to left", () => {
    const mail = deliveryMail("ar", {
      code: "AB12CD",
      items: [{ title: "PSN 10", variantName: null, platform: "PlayStation", codes: ["XXXX-YYYY"] }],
    });
    expect(mail.subject).toBe("رموزك للطلب AB12CD");
    expect(mail.text).toContain("تم دفع طلبك AB12CD. إليك رموزك.");
    expect(mail.text).toContain("- بلايستيشن: متجر PlayStation > القائمة (⋯) > استرداد الرمز");
    expect(mail.html).toContain(`<html lang="ar" dir="rtl">${HEAD}<body dir="rtl"`);
    expect(mail.html).toContain('<h2 style="font-size:1.1em">رموزك</h2>');
  });

  it("English for a language the store does not speak", () => {
    for (const locale of ["de", "", "FR", "en-GB"]) {
      const mail = orderLinkMail(locale, { code: "AB12CD", orderUrl: "https://store.example/o/t" });
      expect(mail).toEqual(orderLinkMail("en", { code: "AB12CD", orderUrl: "https://store.example/o/t" }));
      expect(mail.subject).toBe("Your order AB12CD");
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it("escapes the values it puts in the HTML, in every language", () => {
    for (const locale of LOCALES) {
      const mail = orderConfirmationMail(locale, {
        ...order,
        code: `<b>A&"1'</b>`,
        discount: 100,
        promoCode: "<I>",
        total: 900,
      });
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).not.toContain("<I>");
      expect(mail.html).toContain("&lt;b&gt;A&amp;&quot;1&#39;&lt;/b&gt;");
      expect(mail.html).toContain("&lt;I&gt;");
      expect(mail.text).toContain(`<b>A&"1'</b>`);
    }
  });
});
