/** A refused checkout or promo check in the shopper's language, said by its code through the one catalog of
 * refusals (docs/decisions.md D29). */
import type { I18n } from "@lingui/core";
import type { ErrorParams } from "@store/shared/schemas/error-codes";
import { refusalText } from "../../i18n/error-messages.ts";
import type { FailedOutcome } from "../../api/checkout.ts";

/** What to tell the shopper about a refused checkout; null when only the generic apology fits. */
export function failureText(
  i18n: I18n,
  failure: Pick<FailedOutcome, "code" | "title" | "available" | "retryAfter" | "params" | "fieldCodes"> & {
    message: string | null;
  },
): string | null {
  const params: ErrorParams = {
    ...failure.params,
    ...(failure.title !== undefined ? { title: failure.title } : {}),
    ...(failure.available !== undefined ? { available: failure.available } : {}),
    ...(failure.retryAfter !== undefined ? { retryAfter: failure.retryAfter } : {}),
  };
  return refusalText(i18n, { code: failure.code, params, message: failure.message }, failure.fieldCodes, "checkout");
}
