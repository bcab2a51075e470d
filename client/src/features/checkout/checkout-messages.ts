/** Translations for the English texts the shared schemas and
 * the server send (the exact messages of docs/product.md). */
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { CHECKOUT_ERROR_CODES, CHECKOUT_MESSAGES } from "@store/shared/schemas/checkout";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import { PAYMENT_ERROR_CODES } from "@store/shared/schemas/payments";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { throttledText } from "../../i18n/throttled.ts";

const KNOWN: ReadonlyMap<string, MessageDescriptor> = new Map([
  [CHECKOUT_MESSAGES.name, msg`Full name is required.`],
  [CHECKOUT_MESSAGES.email, msg`Please enter a valid email address.`],
  [CHECKOUT_MESSAGES.phone, msg`Please enter a valid phone number.`],
  [CHECKOUT_MESSAGES.notes, msg`Notes must be at most 1000 characters.`],
  [CHECKOUT_MESSAGES.emptyCart, msg`Your cart is empty.`],
  [CHECKOUT_MESSAGES.qty, msg`Quantity must be a whole number from 1 to 99.`],
  [CHECKOUT_MESSAGES.tooManyLines, msg`A cart can hold at most 50 lines.`],
  [CHECKOUT_MESSAGES.currency, msg`Please choose a currency.`],
  [CHECKOUT_MESSAGES.pricesChanged, msg`Prices have changed. Please review your cart.`],
  [
    CHECKOUT_MESSAGES.idempotencyMismatch,
    msg`This checkout was already submitted with different details. Please try again.`,
  ],
  // The server's generic idempotency refusal (server/src/modules/idempotency/idempotency.service.ts).
  [
    "This request was already submitted with different details. Please try again.",
    msg`This checkout was already submitted with different details. Please try again.`,
  ],
  [PROMO_INVALID, msg`Invalid or inactive code`],
]);

/** The shopper's language for a refusal about one product (by its code), with the product's title in it. */
function translateProductRefusal(
  i18n: I18n,
  code: string,
  title: string | undefined,
  available: number | undefined,
): string | null {
  if (code === CHECKOUT_ERROR_CODES.insufficientStock && title && available !== undefined && available > 0) {
    return i18n._(msg`Only ${available} left of "${title}". Please lower the quantity in your cart.`);
  }
  if ((code === CHECKOUT_ERROR_CODES.outOfStock || code === CHECKOUT_ERROR_CODES.insufficientStock) && title) {
    return i18n._(msg`"${title}" is out of stock. Please remove it from your cart.`);
  }
  if (code === CHECKOUT_ERROR_CODES.optionRequired && title) {
    return i18n._(msg`Please choose an option for "${title}".`);
  }
  if (code === CHECKOUT_ERROR_CODES.unavailable) {
    return title
      ? i18n._(msg`An option of "${title}" is no longer available. Please remove it from your cart.`)
      : i18n._(msg`A product in your cart is no longer available. Please remove it from your cart.`);
  }
  return null;
}

/** The shopper's language for a payment refusal (by its code, docs/decisions.md D11). */
function translatePaymentRefusal(i18n: I18n, code: string): string | null {
  if (code === PAYMENT_ERROR_CODES.currencyNotPayable)
    return i18n._(msg`Online payment is not available in this currency. Please choose another currency.`);
  if (code === PAYMENT_ERROR_CODES.unavailable)
    return i18n._(msg`The payment service is not available right now. Your order was cancelled; please try again.`);
  return null;
}

/** The shopper's language for a known message; any other server text is shown as sent. */
export function translateMessage(i18n: I18n, text: string): string {
  const known = KNOWN.get(text);
  return known ? i18n._(known) : text;
}

/** What to tell the shopper about a refused checkout; null when only the generic apology fits. */
export function failureText(
  i18n: I18n,
  failure: {
    message: string | null;
    code?: string | undefined;
    title?: string | undefined;
    available?: number | undefined;
    retryAfter?: number | undefined;
  },
): string | null {
  if (failure.code === RATE_LIMITED) return throttledText(i18n, failure.retryAfter);
  const byCode = failure.code
    ? (translateProductRefusal(i18n, failure.code, failure.title, failure.available) ??
      translatePaymentRefusal(i18n, failure.code))
    : null;
  if (byCode) return byCode;
  return failure.message ? translateMessage(i18n, failure.message) : null;
}
