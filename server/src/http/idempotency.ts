/** Idempotency keys over HTTP: the Idempotency-Key header, and the fingerprint of a request (its method, path
 * and canonical body), so a replay with a different body can be told apart. The stored answers live in the
 * idempotency module (modules/idempotency). */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { ValidationError } from "./errors.ts";

/** The Idempotency-Key header, if any; malformed keys are a 400. */
export function idempotencyKeyFrom(c: Context): string | undefined {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined || key === "") return undefined;
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new ValidationError("Invalid Idempotency-Key header");
  return key;
}

/** JSON with object keys sorted, so two equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest("hex");
}
