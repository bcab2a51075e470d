/** CSRF protection for admin calls: the session's token in X-CSRF-Token, and a same-origin Origin when sent. */
import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { ForbiddenError } from "./errors.ts";

const CSRF_HEADER = "X-CSRF-Token";
const INVALID_CSRF = "Invalid CSRF token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** An Origin header, when present, must be the store's own (PUBLIC_URL or the Host the request came to). */
export function checkOrigin(c: Context, publicUrl: string): void {
  const origin = c.req.header("Origin");
  if (origin === undefined) return;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    throw new ForbiddenError(INVALID_CSRF);
  }
  let publicOrigin: string | undefined;
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicOrigin = undefined;
  }
  const host = c.req.header("Host");
  const sameAsPublic = publicOrigin !== undefined && originUrl.origin === publicOrigin;
  const sameAsHost = host !== undefined && originUrl.host === host.toLowerCase();
  if (!sameAsPublic && !sameAsHost) throw new ForbiddenError(INVALID_CSRF);
}

export function checkCsrf(c: Context, expectedToken: string, publicUrl: string): void {
  checkOrigin(c, publicUrl);
  const given = c.req.header(CSRF_HEADER) ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(expectedToken);
  if (a.length !== b.length || b.length === 0 || !timingSafeEqual(a, b)) throw new ForbiddenError(INVALID_CSRF);
}
