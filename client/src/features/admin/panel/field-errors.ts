/** Field errors of an admin form, keyed like the server's error details. */
import type { z } from "zod";
import { i18n } from "../../../i18n/i18n.ts";
import { issueTexts, type ErrorForm } from "../../../i18n/error-messages.ts";

/** Field errors keyed like the server's (`price.USD`, `variants.0.name`), from a shared schema's issues, in the
 * operator's language; `form` gives its required fields their own sentence. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[], form?: ErrorForm): Record<string, string> {
  return issueTexts(i18n, issues, form);
}

/** The first field's error, if any. */
export function firstError(errors: Record<string, string>): string | undefined {
  return Object.values(errors)[0];
}

/** The first error whose key is `key` or lies under it (`price` matches `price.USD`). */
export function errorFor(errors: Record<string, string>, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const prefix = `${key}.`;
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(prefix)) return v;
  return undefined;
}
