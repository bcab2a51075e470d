/** Find my order (POST /api/orders/find): the store answers the same for every valid request, so the screen can
 * only say that the link was sent if the code and the email matched. A 429 says how long to wait. */
import type { FindOrderRequest } from "@store/shared/schemas/orders";
import { throttledAnswer, type Throttled } from "./orders-api.ts";

/** `unreachable`: the request never got an answer (no connection, the store down). */
export type FindOrderResult = { kind: "sent" } | Throttled | { kind: "unreachable" } | { kind: "error" };

export async function requestOrderLink(
  { code, email }: FindOrderRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<FindOrderResult> {
  let res: Response;
  try {
    res = await fetchImpl("/api/orders/find", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ code: code.trim(), email: email.trim() }),
    });
  } catch {
    return { kind: "unreachable" };
  }
  if (res.status === 202) return { kind: "sent" };
  if (res.status === 429) return throttledAnswer(res);
  return { kind: "error" };
}
