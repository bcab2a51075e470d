/** Find my order (POST /api/orders/find): the store answers the same for every valid request, so the screen can
 * only say that the link was sent if the code and the email matched. A 429 says how long to wait. */
import { findOrderRequestSchema, type FindOrderRequest } from "@store/shared/schemas/orders";
import { ApiNetworkError, callEndpoint, endpoint, ignoredBody, isStatusError } from "./endpoint.ts";
import { throttledAnswer, type Throttled } from "./orders.ts";

/** `unreachable`: the request never got an answer (no connection, the store down). */
export type FindOrderResult = { kind: "sent" } | Throttled | { kind: "unreachable" } | { kind: "error" };

const findOrderEndpoint = endpoint({
  method: "POST",
  path: () => "/api/orders/find",
  request: findOrderRequestSchema,
  response: ignoredBody,
});

export async function requestOrderLink(
  { code, email }: FindOrderRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<FindOrderResult> {
  try {
    const { status } = await callEndpoint(findOrderEndpoint, {
      body: { code: code.trim(), email: email.trim() },
      fetch: fetchImpl,
    });
    return status === 202 ? { kind: "sent" } : { kind: "error" };
  } catch (err) {
    if (err instanceof ApiNetworkError) return { kind: "unreachable" };
    if (isStatusError(err, 429)) return throttledAnswer(err);
    return { kind: "error" };
  }
}
