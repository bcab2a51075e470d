/** Payments (docs/decisions.md D11, D45): the methods the store takes and the currencies each takes, and the
 * refusals checkout may answer about payment, by code so the storefront says them in its language. */
import { z } from "./zod.ts";
import { CURRENCIES, type Currency } from "../currency.ts";
import { ORDER_STATUSES } from "../order-status.ts";

export const PAYMENT_PROVIDER_NAMES = ["manual", "konnect", "stripe", "paymob"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** GET /api/payments/options: each enabled method, in the operator's order, with the currencies it takes (`manual`
 * takes every currency: the operator arranges the payment). */
export const paymentOptionsSchema = z.object({
  methods: z.array(z.object({ method: z.enum(PAYMENT_PROVIDER_NAMES), currencies: z.array(z.enum(CURRENCIES)) })),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** The methods of `options` that take `currency`, in the operator's order. */
export function methodsTaking(options: PaymentOptions, currency: Currency): PaymentProviderName[] {
  return options.methods.filter((m) => m.currencies.includes(currency)).map((m) => m.method);
}

export const PAYMENT_ERROR_CODES = {
  /** 400 before the order is created: the provider cannot take the chosen currency. */
  currencyNotPayable: "currency_not_payable",
  /** 400 before the order is created: the chosen method is not one the store takes (`method`, `methods`). */
  methodUnavailable: "payment_method_unavailable",
  /** 400 before the order is created: several methods take the currency and none was chosen (`methods`). */
  methodRequired: "payment_method_required",
  /** 502 after the order was created: the provider refused or did not answer; the order was cancelled. */
  unavailable: "payment_unavailable",
} as const;

export const PAYMENT_MESSAGES = {
  currencyNotPayable: "Online payment is not available in this currency. Please choose another currency.",
  methodUnavailable: "This payment method is not available. Please choose another one.",
  methodRequired: "Please choose how to pay.",
  unavailable: "The payment service is not available right now. Your order was cancelled; please try again.",
} as const;

/** What the operator did with money no order holds: `delivered` (the order was fulfilled on it), `refunded` (at the
 * provider), `refund_by_hand` (the provider cannot be asked from the store: the operator returns it by hand);
 * `refunding` while the provider is being asked (a refund pressed again, or after a crash, asks again with the same
 * idempotency key; 'Deliver anyway' is refused meanwhile). */
export const UNMATCHED_RESOLUTIONS = ["delivered", "refunded", "refund_by_hand", "refunding"] as const;
export type UnmatchedResolution = (typeof UNMATCHED_RESOLUTIONS)[number];

/** Money the provider took that no order holds (docs/decisions.md D43): a payment for an order that no longer awaited
 * one (cancelled, refunded), or a second payment for an order already paid. GET /api/admin/payments/unmatched. */
export const unmatchedPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** Stripe's payment_intent, Konnect's payment reference: what to look up in the provider's dashboard. */
  paymentRef: z.string(),
  orderCode: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** The order's status when the money landed. */
  orderStatus: z.enum(ORDER_STATUSES),
  createdAt: z.number().int(),
  /** Null while the operator has not acted on it. */
  resolution: z.enum(UNMATCHED_RESOLUTIONS).nullable(),
  resolvedAt: z.number().int().nullable(),
  resolvedBy: z.string().nullable(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;
export const unmatchedPaymentsSchema = z.object({ payments: z.array(unmatchedPaymentSchema) });
export type UnmatchedPayments = z.infer<typeof unmatchedPaymentsSchema>;

/** POST /api/admin/payments/unmatched/{id}/deliver and /refund: what was done, and the order afterwards. `refund` says
 * whether the provider returned the money (`refunded`) or the operator must (`refund_by_hand`). */
export const unmatchedActionResultSchema = z.object({
  payment: unmatchedPaymentSchema,
  orderCode: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
});
export type UnmatchedActionResult = z.infer<typeof unmatchedActionResultSchema>;
