/** The server's refusals of stock and order actions in the operator's language. The server answers in English, with
 * a stable `code` for the refusals a screen may say in its own words; those, and the English texts known here, are
 * translated. Any other refusal is shown as sent in English, and in French or Arabic as a translated sentence for its
 * status followed by the server's text. */
import { useCallback } from "react";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { AdminApiError, isNetworkError } from "../../../api/admin-client.ts";

/** Refusal codes the server sends with order and stock actions. */
const BY_CODE: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["no_stock", msg`No code is available for this product. Import codes first.`],
  ["order_state", msg`This action is not possible in the order's current state.`],
  ["not_manual", msg`Only an order paid by arrangement (manual mode) can be marked as paid here.`],
  ["code_not_sold", msg`Only a code sold with this order can be replaced.`],
  ["code_not_available", msg`Only an available code can be revoked.`],
  ["not_found", msg`Not found.`],
]);

/** The server's English texts for the same refusals, when it sends no code. */
const BY_TEXT: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["Not found", msg`Not found.`],
  ["Network error", msg`Network error`],
]);

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
  if (i18n.locale === "en" || i18n.locale.startsWith("en-")) return err.message || fallback;
  const general = BY_STATUS.get(err.status);
  return general ? `${i18n._(general)} (${err.message})` : fallback;
}

/** adminErrorText in the console's language. */
export function useAdminErrorText(): (err: unknown, fallback: string) => string {
  const { i18n } = useLingui();
  return useCallback((err: unknown, fallback: string) => adminErrorText(i18n, err, fallback), [i18n]);
}
