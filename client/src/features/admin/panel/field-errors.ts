/** Field errors of an admin form, keyed like the server's error details. */

/** Field errors keyed like the server's (`price.USD`, `variants.0.name`), from a zod error's issues. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    out[key] ??= issue.message;
  }
  return out;
}

/** The first error whose key is `key` or lies under it (`price` matches `price.USD`). */
export function errorFor(errors: Record<string, string>, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const prefix = `${key}.`;
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(prefix)) return v;
  return undefined;
}
