/** The private order page's call: GET /api/orders/private/{token}. */
import { privateOrderSchema, type PrivateOrder } from "@store/shared/schemas/orders";

export type PrivateOrderResult = { kind: "ok"; order: PrivateOrder } | { kind: "not-found" } | { kind: "error" };

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
  if (!res.ok) return { kind: "error" };
  try {
    const parsed = privateOrderSchema.safeParse(await res.json());
    return parsed.success ? { kind: "ok", order: parsed.data } : { kind: "error" };
  } catch {
    return { kind: "error" };
  }
}
