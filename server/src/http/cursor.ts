/** The admin lists' cursor (docs/decisions.md D30): the last row's sort value and its unique key, opaque to the
 * console. A cursor that does not decode is refused with `message` (the list it belonged to). */
import { ValidationError } from "./errors.ts";

export function encodeCursor(value: number, key: string): string {
  return Buffer.from(JSON.stringify([value, key])).toString("base64url");
}

export function decodeCursor(cursor: string, message: string): { value: number; key: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && Number.isSafeInteger(parsed[0]) && typeof parsed[1] === "string") {
      return { value: parsed[0] as number, key: parsed[1] };
    }
  } catch {
    // not JSON: refused below
  }
  throw new ValidationError(message, { cursor: "invalid" });
}
