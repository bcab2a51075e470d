/** "Email me when it is back" (POST /api/stock-requests) and "Only N left" (GET /api/availability/{id}). */
import type { Availability } from "@store/shared/schemas/stock-requests";
import type { ErrorParams } from "@store/shared/schemas/error-codes";
import type { Locale } from "../features/prefs/prefs-rules.ts";
import { isRecord } from "@store/shared/is-record";

/** How the store answered: recorded, throttled (the body says how long to wait), or refused with its code. A
 * network failure rejects. */
export type StockRequestAnswer =
  | { status: "done" }
  | { status: "throttled"; body: unknown }
  | { status: "refused"; code?: string; params?: ErrorParams; message?: string };

export async function askBackInStock(request: {
  productId: string;
  variantId: string;
  email: string;
  locale: Locale;
}): Promise<StockRequestAnswer> {
  const res = await fetch("/api/stock-requests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...request, email: request.email.trim() }),
  });
  if (res.ok) return { status: "done" };
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 429) return { status: "throttled", body };
  const refused = isRecord(body) ? body : {};
  return {
    status: "refused",
    ...(typeof refused.code === "string" ? { code: refused.code } : {}),
    ...(isRecord(refused.params) ? { params: refused.params as ErrorParams } : {}),
    ...(typeof refused.error === "string" ? { message: refused.error } : {}),
  };
}

/** The few codes left of a product (and its options), or null when the store cannot be asked now. */
export async function fetchAvailability(productId: string): Promise<Availability | null> {
  try {
    // The schema (and zod) is loaded beside the request, not with the product page: the page shows without it.
    const [res, { availabilitySchema }] = await Promise.all([
      fetch(`/api/availability/${encodeURIComponent(productId)}`),
      import("@store/shared/schemas/stock-requests"),
    ]);
    if (!res.ok) return null;
    const parsed = availabilitySchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
