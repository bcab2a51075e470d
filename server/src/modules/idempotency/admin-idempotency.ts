/** docs/decisions.md D17: queued admin edits are replayed with their Idempotency-Key; a replay gets the first (2xx)
 * answer back instead of applying the edit twice. Errors are not stored, so a refused edit can be retried.
 *
 * The request runs in one transaction that the services' own transactions join (as savepoints), so the edit
 * and its stored answer commit together, or neither does. */
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DataLayer } from "../../db/data.ts";
import { isStateChanging } from "../../http/csrf.ts";
import { idempotencyKeyFrom, requestFingerprint } from "../../http/idempotency.ts";
import type { AdminEnv } from "../../http/session.ts";
import { readBodyText } from "../../http/validate.ts";
import type { IdempotencyService } from "./idempotency.service.ts";

const SCOPE = "admin";

export function adminIdempotency(data: DataLayer, store: IdempotencyService): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!isStateChanging(c.req.method)) return next();
    const key = idempotencyKeyFrom(c);
    if (key === undefined || /^multipart\//i.test(c.req.header("Content-Type") ?? "")) return next();
    const fingerprint = requestFingerprint(c.req.method, c.req.path, await readBodyText(c));
    const stored = await data.transaction(async (tx) => {
      const first = await store.claim(tx, SCOPE, key, fingerprint);
      if (first) return first;
      await next();
      const res = c.res;
      if (
        res.status >= 200 &&
        res.status < 300 &&
        (res.headers.get("Content-Type") ?? "").includes("application/json")
      ) {
        const body: unknown = await res.clone().json();
        await store.complete(tx, SCOPE, key, { status: res.status, body });
      } else {
        // Errors are not stored: the edit can be retried with the same key.
        await store.release(tx, SCOPE, key);
      }
      return undefined;
    });
    if (stored) {
      c.header("Idempotent-Replayed", "true");
      return c.json(stored.body, stored.status as ContentfulStatusCode);
    }
  };
}
