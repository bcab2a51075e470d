/** Reads a 429 answer's body with its schema. Apart from throttled.ts, so the storefront's first screen, which
 * says a wait only after such an answer, loads this module and zod then (dynamic import), not at start. */
import type { I18n } from "@lingui/core";
import { apiErrorSchema, RATE_LIMITED } from "@store/shared/schemas/errors";
import { throttledText } from "./throttled.ts";

/** throttledText for an error body that is a rate-limited answer, else null. */
export function throttledAnswerText(i18n: I18n, body: unknown): string | null {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success || parsed.data.code !== RATE_LIMITED) return null;
  return throttledText(i18n, parsed.data.retryAfter);
}
