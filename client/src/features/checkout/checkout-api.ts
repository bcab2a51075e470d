/** The checkout and promo calls, with every answer turned into one outcome the page can show. */
import { apiErrorSchema } from "@store/shared/schemas/errors";
import {
  checkoutResponseSchema,
  pricesChangedSchema,
  type CheckoutRequest,
  type CheckoutResponse,
  type PricesChanged,
} from "@store/shared/schemas/checkout";
import { promoValidateResponseSchema, type PromoValidateResponse } from "@store/shared/schemas/promos";
import type { CodedError, ErrorParams } from "@store/shared/schemas/error-codes";

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

async function readJson(res: Response): Promise<unknown> {
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

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

/** POSTs `body` as JSON, past any cache; null when the request never got an answer (offline, connection lost). */
async function postJson(
  fetchImpl: typeof fetch,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response | null> {
  try {
    return await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return null;
  }
}

/** A success whose body is not what the store answers: a failure with nothing to tell the shopper but its status. */
function unreadable(status: number): FailedOutcome {
  return { kind: "error", status, message: null, detail: null };
}

export async function postCheckout(
  body: CheckoutRequest,
  idempotencyKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutOutcome> {
  const res = await postJson(fetchImpl, "/api/checkout", body, { "Idempotency-Key": idempotencyKey });
  if (!res) return { kind: "network" };
  const json = await readJson(res);
  if (res.ok) {
    const order = checkoutResponseSchema.safeParse(json);
    return order.success ? { kind: "ok", order: order.data } : unreadable(res.status);
  }
  if (res.status === 409) {
    const changed = pricesChangedSchema.safeParse(json);
    if (changed.success) return { kind: "prices-changed", answer: changed.data };
  }
  return failure(res.status, json);
}

export type PromoOutcome =
  { kind: "ok"; promo: PromoValidateResponse } | { kind: "invalid" } | FailedOutcome | { kind: "network" };

export async function validatePromo(code: string, fetchImpl: typeof fetch = fetch): Promise<PromoOutcome> {
  const res = await postJson(fetchImpl, "/api/promos/validate", { code });
  if (!res) return { kind: "network" };
  const json = await readJson(res);
  if (res.ok) {
    const promo = promoValidateResponseSchema.safeParse(json);
    return promo.success ? { kind: "ok", promo: promo.data } : unreadable(res.status);
  }
  if (res.status === 400 || res.status === 404) return { kind: "invalid" };
  return failure(res.status, json);
}
