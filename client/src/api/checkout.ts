/** The checkout and promo calls (POST /api/checkout, POST /api/promos/validate), with every answer turned into one outcome the page can show. */
import { apiErrorSchema } from "@store/shared/schemas/errors";
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  pricesChangedSchema,
  type CheckoutRequest,
  type CheckoutResponse,
  type PricesChanged,
} from "@store/shared/schemas/checkout";
import {
  promoValidateRequestSchema,
  promoValidateResponseSchema,
  type PromoValidateResponse,
} from "@store/shared/schemas/promos";
import type { CodedError, ErrorParams } from "@store/shared/schemas/error-codes";
import { ApiShapeError, ApiStatusError, callEndpoint, endpoint, isStatusError } from "./endpoint.ts";

/** `message` null means the generic 'Something went wrong. Please try again.' */
export interface FailedOutcome {
  kind: "error";
  status: number;
  message: string | null;
  detail: string | null;
  /** The server's code for a refusal about one product, and that product's title. */
  code?: string;
  title?: string;
  /** With `insufficient_stock`: how many the shopper can still buy. */
  available?: number;
  /** With code rate_limited: the seconds to wait. */
  retryAfter?: number;
  /** The refusal's parameters, and each refused field's code (docs/decisions.md D29). */
  params?: ErrorParams;
  fieldCodes?: Record<string, CodedError>;
}

export type CheckoutOutcome =
  | { kind: "ok"; order: CheckoutResponse }
  | { kind: "prices-changed"; answer: PricesChanged }
  | FailedOutcome
  | { kind: "network" };

function failure(status: number, body: unknown): FailedOutcome {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return { kind: "error", status, message: null, detail: null };
  const { error, detail, code, title, available, retryAfter, params, fieldCodes } = parsed.data;
  return {
    kind: "error",
    status,
    message: error.trim() || null,
    detail: detail?.trim() || null,
    ...(code ? { code } : {}),
    ...(title ? { title } : {}),
    ...(available !== undefined ? { available } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(params ? { params } : {}),
    ...(fieldCodes ? { fieldCodes } : {}),
  };
}

const checkoutEndpoint = endpoint({
  method: "POST",
  path: () => "/api/checkout",
  request: checkoutRequestSchema,
  response: checkoutResponseSchema,
  noStore: true,
});

const promoEndpoint = endpoint({
  method: "POST",
  path: () => "/api/promos/validate",
  request: promoValidateRequestSchema,
  response: promoValidateResponseSchema,
  noStore: true,
});

/** A call's failure as the page says it: no answer, a 2xx body that is not the store's (nothing to tell the shopper
 * but its status), or the refusal the store answered. */
function failed(err: unknown): FailedOutcome | { kind: "network" } {
  if (err instanceof ApiStatusError) return failure(err.status, err.body);
  if (err instanceof ApiShapeError) return { kind: "error", status: err.status, message: null, detail: null };
  return { kind: "network" };
}

export async function postCheckout(
  body: CheckoutRequest,
  idempotencyKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutOutcome> {
  try {
    const { data } = await callEndpoint(checkoutEndpoint, {
      body,
      headers: { "Idempotency-Key": idempotencyKey },
      fetch: fetchImpl,
    });
    return { kind: "ok", order: data };
  } catch (err) {
    if (isStatusError(err, 409)) {
      const changed = pricesChangedSchema.safeParse(err.body);
      if (changed.success) return { kind: "prices-changed", answer: changed.data };
    }
    return failed(err);
  }
}

export type PromoOutcome =
  { kind: "ok"; promo: PromoValidateResponse } | { kind: "invalid" } | FailedOutcome | { kind: "network" };

export async function validatePromo(code: string, fetchImpl: typeof fetch = fetch): Promise<PromoOutcome> {
  try {
    const { data } = await callEndpoint(promoEndpoint, { body: { code }, fetch: fetchImpl });
    return { kind: "ok", promo: data };
  } catch (err) {
    if (isStatusError(err, 400, 404)) return { kind: "invalid" };
    return failed(err);
  }
}
