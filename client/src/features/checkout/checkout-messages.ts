/** Translations for the English texts the shared schemas and the server send (SPEC.md's exact messages). */
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { CHECKOUT_MESSAGES } from "@store/shared/schemas/checkout";
import { PROMO_INVALID } from "@store/shared/schemas/promos";

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
  // The server's generic idempotency refusal (server/src/http/idempotency.ts).
  [
    "This request was already submitted with different details. Please try again.",
    msg`This checkout was already submitted with different details. Please try again.`,
  ],
  [PROMO_INVALID, msg`Invalid or inactive code`],
]);

/** The shopper's language for a known message; any other server text is shown as sent. */
export function translateMessage(i18n: I18n, text: string): string {
  const known = KNOWN.get(text);
  return known ? i18n._(known) : text;
}
