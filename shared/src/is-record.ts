/** Whether a parsed JSON value (a response body, a stored row, a sync answer) is an object whose fields may be read:
 * not null and not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
