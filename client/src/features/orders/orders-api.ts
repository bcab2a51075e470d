/** The shopper's order calls: GET /api/orders/private/{token} (the private order page) and GET /api/orders/{code}
 * (the public lookup of the thank-you page). Both share a per-address budget: a 429 says how long to wait. */
import {
  privateOrderSchema,
  publicOrderSchema,
  type PrivateOrder,
  type PublicOrder,
} from "@store/shared/schemas/orders";
import type { z } from "zod";
import { apiErrorSchema, RATE_LIMITED } from "@store/shared/schemas/errors";

/** `retryAfter`: the seconds to wait before asking again. */
export type Throttled = { kind: "throttled"; retryAfter: number };

export type PrivateOrderResult =
  { kind: "ok"; order: PrivateOrder } | { kind: "not-found" } | Throttled | { kind: "error" };

export type PublicOrderResult = { kind: "ok"; order: PublicOrder } | Throttled | { kind: "error" };

/** A 429 answer's wait: its body's retryAfter (code rate_limited), else its Retry-After header, else a minute. */
export async function throttledAnswer(res: Response): Promise<Throttled> {
  let seconds: number | undefined;
  try {
    const parsed = apiErrorSchema.safeParse(await res.json());
    if (parsed.success && parsed.data.code === RATE_LIMITED) seconds = parsed.data.retryAfter;
  } catch {
    seconds = undefined;
  }
  const header = Number(res.headers.get("Retry-After"));
  seconds ??= Number.isFinite(header) && header > 0 ? header : 60;
  return { kind: "throttled", retryAfter: Math.max(1, Math.ceil(seconds)) };
}

/** What an order answer says once the call's own statuses are handled: a 429's wait, a failure, or the order as
 * `schema` reads it (a body it refuses is a failure too). */
async function orderAnswer<T>(
  res: Response,
  schema: z.ZodType<T>,
): Promise<{ kind: "ok"; order: T } | Throttled | { kind: "error" }> {
  if (res.status === 429) return throttledAnswer(res);
  if (!res.ok) return { kind: "error" };
  try {
    const parsed = schema.safeParse(await res.json());
    return parsed.success ? { kind: "ok", order: parsed.data } : { kind: "error" };
  } catch {
    return { kind: "error" };
  }
}

/** GET /api/orders/{code}: the public lookup (the order's code, first name and status). */
export async function lookupOrder(
  code: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<PublicOrderResult> {
  let res: Response;
  try {
    res = await fetchImpl(`/api/orders/${encodeURIComponent(code)}`, {
      headers: { Accept: "application/json" },
      signal,
    });
  } catch {
    return { kind: "error" };
  }
  return orderAnswer(res, publicOrderSchema);
}

export async function fetchPrivateOrder(
  token: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<PrivateOrderResult> {
  let res: Response;
  try {
    res = await fetchImpl(`/api/orders/private/${encodeURIComponent(token)}`, {
      headers: { Accept: "application/json" },
      cache: "no-store",
      signal,
    });
  } catch {
    return { kind: "error" };
  }
  // A malformed token is answered 400 or 404 by the server: both mean there is no such order.
  if (res.status === 404 || res.status === 400) return { kind: "not-found" };
  return orderAnswer(res, privateOrderSchema);
}

/** The shopper gives up an order still awaiting payment (POST /api/orders/private/{token}/cancel): "cancelled" once
 * done, "refused" when it can no longer be cancelled (paid meanwhile, or expired), "error" otherwise. */
export async function cancelOrder(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<"cancelled" | "refused" | "error"> {
  try {
    const res = await fetchImpl(`/api/orders/private/${encodeURIComponent(token)}/cancel`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    if (res.ok) return "cancelled";
    return res.status === 409 ? "refused" : "error";
  } catch {
    return "error";
  }
}
