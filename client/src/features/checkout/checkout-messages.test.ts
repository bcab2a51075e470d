import { beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_ERROR_CODES } from "@store/shared/schemas/checkout";
import { PAYMENT_ERROR_CODES, PAYMENT_MESSAGES } from "@store/shared/schemas/payments";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { activateLocale, i18n, loadMessages } from "../../i18n/i18n.ts";
import { failureText } from "./checkout-messages.ts";

// The routes that show these sentences load their catalog first (i18n.ts).
beforeAll(() => loadMessages("orders"));

describe("checkout refusals in the shopper's language", () => {
  const outOfStock = {
    message: '"Steam Wallet $20" is out of stock. Please remove it from your cart.',
    code: CHECKOUT_ERROR_CODES.outOfStock,
    title: "Steam Wallet $20",
  };

  it("says a refusal about one product with its title, in French and Arabic", async () => {
    await activateLocale("fr");
    expect(failureText(i18n, outOfStock)).toBe(
      "« Steam Wallet $20 » est en rupture de stock. Veuillez le retirer de votre panier.",
    );
    expect(failureText(i18n, { message: "x", code: CHECKOUT_ERROR_CODES.optionRequired, title: "PSN" })).toBe(
      "Veuillez choisir une option pour « PSN ».",
    );
    await activateLocale("ar");
    expect(failureText(i18n, outOfStock)).toBe("«Steam Wallet $20» غير متوفر حاليًا. يرجى إزالته من سلتك.");
  });

  it("says how many codes are left, or that none are, in the shopper's language", async () => {
    const notEnough = { message: "Not enough stock", code: CHECKOUT_ERROR_CODES.insufficientStock, title: "PSN $10" };
    await activateLocale("en");
    expect(failureText(i18n, { ...notEnough, available: 2 })).toBe(
      'Only 2 left of "PSN $10". Please lower the quantity in your cart.',
    );
    expect(failureText(i18n, { ...notEnough, available: 0 })).toBe(
      '"PSN $10" is out of stock. Please remove it from your cart.',
    );
    await activateLocale("fr");
    expect(failureText(i18n, { ...notEnough, available: 2 })).toMatch(/^Plus que 2 .*PSN \$10/);
    await activateLocale("ar");
    expect(failureText(i18n, { ...notEnough, available: 2 })).toContain("PSN $10");
    expect(failureText(i18n, { ...notEnough, available: 2 })).toMatch(/[\u0600-\u06FF]/);
    await activateLocale("en");
  });

  it("says the payment refusals by their code in English, French and Arabic", async () => {
    const unavailable = { message: PAYMENT_MESSAGES.unavailable, code: PAYMENT_ERROR_CODES.unavailable };
    const currency = { message: PAYMENT_MESSAGES.currencyNotPayable, code: PAYMENT_ERROR_CODES.currencyNotPayable };
    await activateLocale("en");
    expect(failureText(i18n, unavailable)).toBe(PAYMENT_MESSAGES.unavailable);
    expect(failureText(i18n, currency)).toBe(PAYMENT_MESSAGES.currencyNotPayable);
    await activateLocale("fr");
    expect(failureText(i18n, unavailable)).toBe(
      "Le service de paiement n’est pas disponible pour le moment. Votre commande a été annulée ; veuillez réessayer.",
    );
    await activateLocale("ar");
    expect(failureText(i18n, currency)).toBe("الدفع عبر الإنترنت غير متاح بهذه العملة. يرجى اختيار عملة أخرى.");
  });

  it("says how long to wait when the store is refusing too many orders or promo codes", async () => {
    const throttled = { message: "Too many orders. Please try again later.", code: RATE_LIMITED, retryAfter: 125 };
    await activateLocale("ar");
    expect(failureText(i18n, throttled)).toBe("محاولات كثيرة جدًا. يرجى المحاولة مجددًا بعد 3 د.");
    await activateLocale("en");
    expect(failureText(i18n, throttled)).toBe("Too many attempts. Please try again in 3 min.");
  });

  it("says a refused field by its code, then falls back to the server's text, then to nothing", async () => {
    await activateLocale("fr");
    const empty = {
      message: "Your cart is empty.",
      code: "invalid_request",
      fieldCodes: { items: { code: "required" } },
    };
    expect(failureText(i18n, empty)).toBe("Votre panier est vide.");
    const tooMany = { message: "x", code: "invalid_request", fieldCodes: { "items.2.qty": { code: "too_big" } } };
    expect(failureText(i18n, tooMany)).toBe("La quantité doit être un nombre entier de 1 à 99.");
    // The English text alone is no longer matched: without a code it is shown as sent.
    expect(failureText(i18n, { message: "Your cart is empty." })).toBe("Your cart is empty.");
    expect(failureText(i18n, { message: "Something the client does not know", code: "other" })).toBe(
      "Something the client does not know",
    );
    expect(failureText(i18n, { message: null })).toBeNull();
    await activateLocale("en");
    expect(failureText(i18n, { message: "x", code: CHECKOUT_ERROR_CODES.unavailable })).toBe(
      "A product in your cart is no longer available. Please remove it from your cart.",
    );
  });
});
