import { describe, expect, it } from "vitest";
import { CHECKOUT_ERROR_CODES } from "@store/shared/schemas/checkout";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { failureText } from "./checkout-messages.ts";

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

  it("says how long to wait when the store is refusing too many orders or promo codes", async () => {
    const throttled = { message: "Too many orders. Please try again later.", code: RATE_LIMITED, retryAfter: 125 };
    await activateLocale("ar");
    expect(failureText(i18n, throttled)).toBe("محاولات كثيرة جدًا. يرجى المحاولة مجددًا بعد 3 د.");
    await activateLocale("en");
    expect(failureText(i18n, throttled)).toBe("Too many attempts. Please try again in 3 min.");
  });

  it("falls back to the known messages, then to the server's text, then to nothing", async () => {
    await activateLocale("fr");
    expect(failureText(i18n, { message: "Your cart is empty." })).toBe("Votre panier est vide.");
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
