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

/** A value still to write, or punctuation already decided. */
type Part = { value: unknown } | { text: string };

/** JSON with object keys sorted, so two equal bodies hash equally whatever their key order. Built with an
 * explicit stack rather than recursion: a body nested thousands of levels deep, which anyone may send, must
 * give a fingerprint (or its 400 from validation), not a stack overflow. */
export function canonical(root: unknown): string {
  const out: string[] = [];
  const stack: Part[] = [{ value: root }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("text" in item) {
      out.push(item.text);
      continue;
    }
    const value = item.value;
    const parts: Part[] = [];
    if (Array.isArray(value)) {
      parts.push({ text: "[" });
      value.forEach((v: unknown, i) => parts.push({ text: i > 0 ? "," : "" }, { value: v }));
      parts.push({ text: "]" });
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      parts.push({ text: "{" });
      entries.forEach(([k, v], i) => parts.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(k)}:` }, { value: v }));
      parts.push({ text: "}" });
    } else out.push(JSON.stringify(value) ?? "null");
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i] as Part);
  }
  return out.join("");
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest("hex");
}
