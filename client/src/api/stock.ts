/** "Email me when it is back" (POST /api/stock-requests) and "Only N left" (GET /api/availability/{id}). */
import type { Availability, StockRequest } from "@store/shared/schemas/stock-requests";
import type { ErrorParams } from "@store/shared/schemas/error-codes";
import type { Locale } from "../features/prefs/prefs-rules.ts";
import { isRecord } from "@store/shared/is-record";
import {
  callEndpoint,
  endpoint,
  ignoredBody,
  isStatusError,
  readAnswer,
  sendEndpoint,
  type BodyReader,
} from "./endpoint.ts";

/** How the store answered: recorded, throttled (the body says how long to wait), or refused with its code. A
 * network failure rejects. */
export type StockRequestAnswer =
  | { status: "done" }
  | { status: "throttled"; body: unknown }
  | { status: "refused"; code?: string; params?: ErrorParams; message?: string };

// Typed by the shared types alone: the product page shows before zod loads (its schema comes with the answer).
const stockRequestEndpoint = endpoint<void, StockRequest, unknown>({
  method: "POST",
  path: () => "/api/stock-requests",
  response: ignoredBody,
});

const availabilityEndpoint = <T>(response: BodyReader<T>) =>
  endpoint({
    method: "GET",
    path: (productId: string) => `/api/availability/${encodeURIComponent(productId)}`,
    response,
  });

export async function askBackInStock(request: {
  productId: string;
  variantId: string;
  email: string;
  locale: Locale;
}): Promise<StockRequestAnswer> {
  try {
    await callEndpoint(stockRequestEndpoint, { body: { ...request, email: request.email.trim() } });
    return { status: "done" };
  } catch (err) {
    if (!isStatusError(err)) throw err;
    const body = err.body ?? null;
    if (err.status === 429) return { status: "throttled", body };
    const refused = isRecord(body) ? body : {};
    return {
      status: "refused",
      ...(typeof refused.code === "string" ? { code: refused.code } : {}),
      ...(isRecord(refused.params) ? { params: refused.params as ErrorParams } : {}),
      ...(typeof refused.error === "string" ? { message: refused.error } : {}),
    };
  }
}

/** The few codes left of a product (and its options), or null when the store cannot be asked now. */
export async function fetchAvailability(productId: string): Promise<Availability | null> {
  try {
    // The schema (and zod) is loaded beside the request, not with the product page: the page shows without it.
    const [sent, { availabilitySchema }] = await Promise.all([
      sendEndpoint(availabilityEndpoint(ignoredBody), { params: productId }),
      import("@store/shared/schemas/stock-requests"),
    ]);
    return (await readAnswer(availabilityEndpoint(availabilitySchema), sent.url, sent.res)).data;
  } catch {
    return null;
  }
}
