/** docs/decisions.md D17: queued admin edits are replayed with their Idempotency-Key; a replay gets the first (2xx)
 * answer back instead of applying the edit twice. Errors are not stored, so a refused edit can be retried. */
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "../../db/client.ts";
import { isStateChanging } from "../../http/csrf.ts";
import { type IdempotencyStore, idempotencyKeyFrom, requestFingerprint } from "../../http/idempotency.ts";
import type { AdminEnv } from "../../http/session.ts";

const SCOPE = "admin";

export function adminIdempotency(store: IdempotencyStore, db: Db): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!isStateChanging(c.req.method)) return next();
    const key = idempotencyKeyFrom(c);
    if (key === undefined || /^multipart\//i.test(c.req.header("Content-Type") ?? "")) return next();
    const fingerprint = requestFingerprint(c.req.method, c.req.path, await c.req.text());
    const stored = store.find(db, SCOPE, key, fingerprint);
    if (stored) {
      c.header("Idempotent-Replayed", "true");
      return c.json(stored.body, stored.status as ContentfulStatusCode);
    }
    await next();
    const res = c.res;
    if (res.status >= 200 && res.status < 300 && (res.headers.get("Content-Type") ?? "").includes("application/json")) {
      const body: unknown = await res.clone().json();
      // A concurrent replay may have stored it first; the first answer wins.
      if (!store.find(db, SCOPE, key, fingerprint))
        store.save(db, SCOPE, key, fingerprint, { status: res.status, body });
    }
  };
}
