/** The shopper's or operator's language for a 429 (code rate_limited, a public budget used up): how long to wait, from
 * the answer's retryAfter (seconds), in seconds under a minute, else in whole minutes. */
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";

export function throttledText(i18n: I18n, retryAfterSeconds: number | undefined): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? 60));
  if (seconds < 60) return i18n._(msg`Too many attempts. Please try again in ${seconds} s.`);
  const minutes = Math.ceil(seconds / 60);
  return i18n._(msg`Too many attempts. Please try again in ${minutes} min.`);
}
