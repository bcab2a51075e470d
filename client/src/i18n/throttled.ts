/** The shopper's or operator's language for a 429 (code rate_limited, a public budget used up): how long to wait, from
 * the answer's retryAfter (seconds), in seconds under a minute, else in whole minutes. */
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { apiErrorSchema, RATE_LIMITED } from "@store/shared/schemas/errors";

export function throttledText(i18n: I18n, retryAfterSeconds: number | undefined): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? 60));
  if (seconds < 60) return i18n._(msg`Too many attempts. Please try again in ${seconds} s.`);
  const minutes = Math.ceil(seconds / 60);
  return i18n._(msg`Too many attempts. Please try again in ${minutes} min.`);
}

/** throttledText for an error body that is a rate-limited answer, else null. */
export function throttledAnswerText(i18n: I18n, body: unknown): string | null {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success || parsed.data.code !== RATE_LIMITED) return null;
  return throttledText(i18n, parsed.data.retryAfter);
}
