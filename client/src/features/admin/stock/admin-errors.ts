/** The server's refusals of stock and order actions in the operator's language. The server answers in English, with
 * a stable `code` for the refusals a screen may say in its own words; those, and the English texts known here, are
 * translated. Any other refusal is shown as sent in English, and in French or Arabic as a translated sentence for its
 * status followed by the server's text. */
import { useCallback } from "react";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { AdminApiError, isNetworkError } from "../../../api/admin-client.ts";

/** Refusal codes the server may send with order and stock actions. */
const BY_CODE: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["no_stock", msg`No code is available for this product. Import codes first.`],
  ["order_state", msg`This action is not possible in the order's current state.`],
  ["not_found", msg`Not found.`],
]);

/** The server's English texts for the same refusals, when it sends no code. */
const BY_TEXT: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["Not found", msg`Not found.`],
  ["Order not found", msg`Order not found.`],
  ["Product not found", msg`Product not found.`],
  ["Network error", msg`Network error`],
  ["This code is not a delivered code of this order.", msg`Only a code sold with this order can be replaced.`],
  ["This code changed meanwhile. Please reload the order.", msg`This code changed meanwhile. Please reload the order.`],
  ["No available code of this product matches", msg`No available code of this product matches.`],
  ["Choose one of the product's options for these codes", msg`Choose one of the product's options for these codes.`],
  ["This product has no options", msg`This product has no options.`],
]);

/** Refusals whose English text names the order or a product (server/src/modules/orders/orders.service.ts). */
const BY_PATTERN: readonly { pattern: RegExp; say: (i18n: I18n, m: RegExpExecArray) => string }[] = [
  {
    pattern: /^Order \S+ is not awaiting payment\b/,
    say: (i18n) => i18n._(msg`This order is no longer awaiting payment.`),
  },
  {
    pattern: /^Order \S+ has no delivery to resend\b/,
    say: (i18n) => i18n._(msg`This order has no delivered codes to send again.`),
  },
  {
    pattern: /^Only a delivered order's codes can be replaced\b/,
    say: (i18n) => i18n._(msg`Only a delivered order's codes can be replaced.`),
  },
  {
    pattern: /^Order \S+ cannot be cancelled\b/,
    say: (i18n) => i18n._(msg`This order can no longer be cancelled.`),
  },
  {
    pattern: /^Order \S+ cannot be refunded\b/,
    say: (i18n) => i18n._(msg`This order cannot be marked as refunded in its current state.`),
  },
  {
    pattern: /^No code of "(.*)" is available to replace it\./,
    say: (i18n, m) => {
      const title = m[1] ?? "";
      return i18n._(msg`No code of "${title}" is available to replace it. Import codes first.`);
    },
  },
];

const BY_STATUS: ReadonlyMap<number, MessageDescriptor> = new Map([
  [400, msg`The request was refused.`],
  [404, msg`Not found.`],
  [409, msg`This action is not possible in the current state.`],
  [413, msg`Too much at once.`],
  [429, msg`Too many requests. Please wait a moment and try again.`],
]);

function codeOf(body: unknown): string | null {
  return typeof body === "object" && body !== null && "code" in body && typeof body.code === "string"
    ? body.code
    : null;
}

/** The text to show for a failed admin call; `fallback` when the server said nothing useful (5xx, no answer). */
export function adminErrorText(i18n: I18n, err: unknown, fallback: string): string {
  if (isNetworkError(err)) return i18n._(msg`Network error`);
  if (!(err instanceof AdminApiError) || err.status < 400 || err.status >= 500) return fallback;
  const code = codeOf(err.body);
  const known = (code !== null ? BY_CODE.get(code) : undefined) ?? BY_TEXT.get(err.message);
  if (known) return i18n._(known);
  for (const { pattern, say } of BY_PATTERN) {
    const m = pattern.exec(err.message);
    if (m) return say(i18n, m);
  }
  if (i18n.locale === "en" || i18n.locale.startsWith("en-")) return err.message || fallback;
  const general = BY_STATUS.get(err.status);
  return general ? `${i18n._(general)} (${err.message})` : fallback;
}

/** adminErrorText in the console's language. */
export function useAdminErrorText(): (err: unknown, fallback: string) => string {
  const { i18n } = useLingui();
  return useCallback((err: unknown, fallback: string) => adminErrorText(i18n, err, fallback), [i18n]);
}
