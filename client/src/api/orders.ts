/** The shopper's order calls: GET /api/orders/private/{token} (the private order page) and GET /api/orders/{code}
 * (the public lookup of the thank-you page). Both share a per-address budget: a 429 says how long to wait. */
import {
  privateOrderSchema,
  publicOrderSchema,
  type PrivateOrder,
  type PublicOrder,
} from "@store/shared/schemas/orders";
import { apiErrorSchema, RATE_LIMITED } from "@store/shared/schemas/errors";
import {
  callEndpoint,
  endpoint,
  ignoredBody,
  isStatusError,
  type Answer,
  type CallOptions,
  type ApiStatusError,
} from "./endpoint.ts";

/** `retryAfter`: the seconds to wait before asking again. */
export type Throttled = { kind: "throttled"; retryAfter: number };

export type PrivateOrderResult =
  { kind: "ok"; order: PrivateOrder } | { kind: "not-found" } | Throttled | { kind: "error" };

export type PublicOrderResult = { kind: "ok"; order: PublicOrder } | Throttled | { kind: "error" };

/** A 429 answer's wait: its body's retryAfter (code rate_limited), else its Retry-After header, else a minute. */
export function throttledAnswer(err: ApiStatusError): Throttled {
  const parsed = apiErrorSchema.safeParse(err.body);
  let seconds = parsed.success && parsed.data.code === RATE_LIMITED ? parsed.data.retryAfter : undefined;
  const header = Number(err.headers.get("Retry-After"));
  seconds ??= Number.isFinite(header) && header > 0 ? header : 60;
  return { kind: "throttled", retryAfter: Math.max(1, Math.ceil(seconds)) };
}

const publicOrderEndpoint = endpoint({
  method: "GET",
  path: (code: string) => `/api/orders/${encodeURIComponent(code)}`,
  response: publicOrderSchema,
});

const privateOrderEndpoint = endpoint({
  method: "GET",
  path: (token: string) => `/api/orders/private/${encodeURIComponent(token)}`,
  response: privateOrderSchema,
  noStore: true,
});

const cancelOrderEndpoint = endpoint({
  method: "POST",
  path: (token: string) => `/api/orders/private/${encodeURIComponent(token)}/cancel`,
  response: ignoredBody,
});

/** An order call's answer: the order, a 429's wait, or a failure (a body the schema refuses is one too). */
async function orderAnswer<T>(
  call: Promise<Answer<T>>,
): Promise<{ kind: "ok"; order: T } | Throttled | { kind: "not-found" } | { kind: "error" }> {
  try {
    return { kind: "ok", order: (await call).data };
  } catch (err) {
    if (isStatusError(err, 429)) return throttledAnswer(err);
    // A malformed token is answered 400 or 404 by the server: both mean there is no such order.
    if (isStatusError(err, 400, 404)) return { kind: "not-found" };
    return { kind: "error" };
  }
}

/** GET /api/orders/{code}: the public lookup (the order's code, first name and status). */
export async function lookupOrder(code: string, options: CallOptions = {}): Promise<PublicOrderResult> {
  const answer = await orderAnswer(callEndpoint(publicOrderEndpoint, { params: code, ...options }));
  return answer.kind === "not-found" ? { kind: "error" } : answer;
}

export function fetchPrivateOrder(token: string, options: CallOptions = {}): Promise<PrivateOrderResult> {
  return orderAnswer(callEndpoint(privateOrderEndpoint, { params: token, ...options }));
}

/** The shopper gives up an order still awaiting payment (POST /api/orders/private/{token}/cancel): "cancelled" once
 * done, "refused" when it can no longer be cancelled (paid meanwhile, or expired), "error" otherwise. */
export async function cancelOrder(
  token: string,
  options: CallOptions = {},
): Promise<"cancelled" | "refused" | "error"> {
  try {
    await callEndpoint(cancelOrderEndpoint, { params: token, ...options });
    return "cancelled";
  } catch (err) {
    return isStatusError(err, 409) ? "refused" : "error";
  }
}
