/** What checkout and the notification routes need from a payment provider (docs/decisions.md D11). Exports:
 * PaymentRequest, CreatedPayment, PaymentProvider, ProviderError, ONLINE_CURRENCIES (per method, manual too), callProvider(). */
import { CURRENCIES, type Currency } from "@store/shared/currency";
import type { PaymentProviderName } from "../../config.ts";

/** One order to be paid, in the shop's minor units. */
export interface PaymentRequest {
  orderCode: string;
  amount: number;
  currency: Currency;
  customerName: string;
  customerEmail: string;
  /** The shopper's phone (the WhatsApp number of the checkout form), for providers that ask one. */
  customerPhone: string;
  description: string;
  /** Minutes the payment page stays open (the unpaid order's expiry). */
  lifespanMinutes: number;
  /** When the unpaid order expires (ms), for a provider whose page is given an end time rather than a length. */
  expiresAt?: number;
  successUrl: string;
  failUrl: string;
  webhookUrl: string;
  /** Where a provider that signs the shopper's way back sends them: the store checks it, then shows the order. */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The provider's reference (Konnect's paymentRef, Stripe's Checkout Session id). */
  ref: string;
  /** The hosted page the shopper pays on. */
  url: string;
}

/** A refund the provider made (its id, amount and status as it says them). */
export interface ProviderRefund {
  id: string;
  amount: number;
  currency: string;
  status?: string | null;
}

export interface OnlineProvider {
  readonly name: Exclude<PaymentProviderName, "manual">;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Refunds the whole of the provider payment that paid an order, for the operator's 'Mark refunded'; a provider
   * without it (Konnect) leaves the money to the operator. */
  refund?(paymentRef: string, order: { orderCode: string; amount: number }): Promise<ProviderRefund>;
}

/** The providers' names as the operator's mails and the orders' history say them. */
export const PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  manual: "Manual payment",
  konnect: "Konnect",
  stripe: "Stripe",
  paymob: "Paymob",
};

/**
 * Currencies each method can take. Manual payment takes every currency: the operator arranges it. The online
 * providers', from their public documentation:
 * - Konnect's init-payment `token` is TND, EUR or USD (amounts in millimes for TND, cents for EUR and USD).
 * - Stripe presents USD, EUR and EGP in cents. TND is not in Stripe's list of presentment currencies
 *   (it appears only among the three-decimal currencies, with amounts rounded to tens), so a TND shop is told
 *   at checkout instead of failing at Stripe.
 * - Paymob (Egypt) takes EGP in cents (piasters) through its Intention API; this store offers it for EGP only.
 */
export const ONLINE_CURRENCIES: Record<PaymentProviderName, readonly Currency[]> = {
  manual: CURRENCIES,
  konnect: ["TND", "EUR", "USD"],
  stripe: ["USD", "EUR", "EGP"],
  paymob: ["EGP"],
};

/** A provider call that failed: `reason` is safe to log (a status and the provider's error text, no secret). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${reason}`);
  }
}

/** How long one request to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** One request to a provider's API; answers the parsed JSON of a 2xx, else throws ProviderError (status and a
 * short part of the error body; never the request's headers, which carry the key). */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(provider, `unreachable (${err instanceof Error ? err.name : "error"})`);
  }
  const text = await res.text().catch(() => "");
  if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status}: ${text.slice(0, 200)}`, res.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(provider, "answer is not JSON", res.status);
  }
}
