/** The server's refusals of stock and order actions in the operator's language. Each refusal the console may say in
 * its own words comes with a stable `code` (ADMIN_ERROR_CODES) and its parameters, and is translated by that code.
 * Any other refusal is shown as sent in English, and in French or Arabic as a translated sentence for its status
 * followed by the server's text. */
import { useCallback } from "react";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { ADMIN_ERROR_CODES, apiErrorSchema, type AdminErrorCode, type ApiError } from "@store/shared/schemas/errors";
import { AdminApiError, isNetworkError } from "../../../api/admin-client.ts";

/** Every code's text; a Record, so a code added in shared/ without its text here does not type-check. */
const BY_CODE: Record<AdminErrorCode, (i18n: I18n, body: ApiError) => string> = {
  [ADMIN_ERROR_CODES.orderNotFound]: (i18n) => i18n._(msg`Order not found.`),
  [ADMIN_ERROR_CODES.productNotFound]: (i18n) => i18n._(msg`Product not found.`),
  [ADMIN_ERROR_CODES.notAwaitingPayment]: (i18n) => i18n._(msg`This order is no longer awaiting payment.`),
  [ADMIN_ERROR_CODES.nothingToResend]: (i18n) => i18n._(msg`This order has no delivered codes to send again.`),
  [ADMIN_ERROR_CODES.replaceNeedsDelivery]: (i18n) => i18n._(msg`Only a delivered order's codes can be replaced.`),
  [ADMIN_ERROR_CODES.codeNotInOrder]: (i18n) => i18n._(msg`Only a code sold with this order can be replaced.`),
  [ADMIN_ERROR_CODES.codeChanged]: (i18n) => i18n._(msg`This code changed meanwhile. Please reload the order.`),
  [ADMIN_ERROR_CODES.noReplacementCode]: (i18n, body) => {
    const title = body.title ?? "";
    return i18n._(msg`No code of "${title}" is available to replace it. Import codes first.`);
  },
  [ADMIN_ERROR_CODES.notCancellable]: (i18n) => i18n._(msg`This order can no longer be cancelled.`),
  [ADMIN_ERROR_CODES.notRefundable]: (i18n) =>
    i18n._(msg`This order cannot be marked as refunded in its current state.`),
  [ADMIN_ERROR_CODES.noMatchingCode]: (i18n) => i18n._(msg`No available code of this product matches.`),
  [ADMIN_ERROR_CODES.optionRequired]: (i18n) => i18n._(msg`Choose one of the product's options for these codes.`),
  [ADMIN_ERROR_CODES.noOptions]: (i18n) => i18n._(msg`This product has no options.`),
  [ADMIN_ERROR_CODES.controlCharacters]: (i18n, body) => {
    const line = body.line ?? 0;
    return i18n._(
      msg`Line ${line} holds a control character (a tab or another invisible character). Nothing was imported.`,
    );
  },
  [ADMIN_ERROR_CODES.tooManyLines]: (i18n, body) => {
    const max = body.max ?? 0;
    return i18n._(msg`At most ${max} lines can be imported at once.`);
  },
  [ADMIN_ERROR_CODES.notAwaitingFulfilment]: (i18n) => i18n._(msg`This order is not waiting for its codes.`),
  [ADMIN_ERROR_CODES.fulfilLineMismatch]: (i18n) =>
    i18n._(msg`The order's lines changed. Please reload the order and send every line's codes.`),
  [ADMIN_ERROR_CODES.fulfilWrongCount]: (i18n, body) => {
    const title = body.title ?? "";
    const count = body.max ?? 0;
    return i18n._(msg`"${title}" needs exactly ${count} code(s), one per line.`);
  },
  [ADMIN_ERROR_CODES.fulfilCodeRefused]: (i18n, body) => {
    const title = body.title ?? "";
    return i18n._(
      msg`A code for "${title}" was refused: empty, given twice, already in this product's stock, or not a valid code.`,
    );
  },
  [ADMIN_ERROR_CODES.fulfilNotEnoughStock]: (i18n, body) => {
    const title = body.title ?? "";
    return i18n._(msg`Not enough codes of "${title}" in stock. Import codes or type them.`);
  },
  [ADMIN_ERROR_CODES.deliverNotEnoughStock]: (i18n, body) => {
    const title = body.title ?? "";
    const available = body.available ?? 0;
    return i18n._(
      msg`Not enough codes of "${title}" in stock to deliver (${available} available). Nothing was changed: import codes, then try again.`,
    );
  },
  [ADMIN_ERROR_CODES.orderHoldsPayment]: (i18n) =>
    i18n._(msg`This order already holds a payment: this money is a second payment for it. Refund it instead.`),
  [ADMIN_ERROR_CODES.unmatchedResolved]: (i18n) => i18n._(msg`This payment was already handled. Reload the list.`),
  [ADMIN_ERROR_CODES.unmatchedNotFound]: (i18n) => i18n._(msg`This payment is no longer listed. Reload the list.`),
};

const isAdminErrorCode = (code: string): code is AdminErrorCode => Object.hasOwn(BY_CODE, code);

const BY_STATUS: ReadonlyMap<number, MessageDescriptor> = new Map([
  [400, msg`The request was refused.`],
  [404, msg`Not found.`],
  [409, msg`This action is not possible in the current state.`],
  [413, msg`Too much at once.`],
  [429, msg`Too many requests. Please wait a moment and try again.`],
]);

/** The text to show for a failed admin call; `fallback` when the server said nothing useful (5xx, no answer). */
export function adminErrorText(i18n: I18n, err: unknown, fallback: string): string {
  if (isNetworkError(err)) return i18n._(msg`Network error`);
  if (!(err instanceof AdminApiError) || err.status < 400 || err.status >= 500) return fallback;
  const parsed = apiErrorSchema.safeParse(err.body);
  const code = parsed.success ? parsed.data.code : undefined;
  if (parsed.success && code !== undefined && isAdminErrorCode(code)) return BY_CODE[code](i18n, parsed.data);
  if (i18n.locale === "en" || i18n.locale.startsWith("en-")) return err.message || fallback;
  const general = BY_STATUS.get(err.status);
  return general ? `${i18n._(general)} (${err.message})` : fallback;
}

/** adminErrorText in the console's language. */
export function useAdminErrorText(): (err: unknown, fallback: string) => string {
  const { i18n } = useLingui();
  return useCallback((err: unknown, fallback: string) => adminErrorText(i18n, err, fallback), [i18n]);
}
