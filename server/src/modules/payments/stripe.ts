/** Stripe (docs/decisions.md D11): a Checkout Session (POST {api}/v1/checkout/sessions, form-encoded, the
 * order's total in minor units as one line) gives the hosted page's `url`; the signed webhook settles on
 * `checkout.session.completed` (payment_status paid) and `checkout.session.async_payment_succeeded`. */
import { z } from "zod";
import {
  callProvider,
  ProviderError,
  type CreatedPayment,
  type OnlineProvider,
  type PaymentRequest,
} from "./provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

/** Stripe keeps a Checkout Session open from 30 minutes to 24 hours (a minute of margin each side, as Stripe
 * checks against its own clock). */
const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 24 * 3600 - 60;

const sessionAnswer = z.object({ id: z.string().min(1), url: z.string().url() });
/** Stripe's Refund object, the parts the store records (status: pending, requires_action, succeeded, failed or
 * canceled). */
const refundAnswer = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
});
export type StripeRefund = z.infer<typeof refundAnswer>;

export const STRIPE_SETTLING_EVENTS = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];
/** Money going back that the store follows: a refund made at Stripe (its dashboard or the API; Stripe sends it for
 * partial refunds too) and a dispute (a chargeback, the money is withdrawn from the account when it opens). */
export const STRIPE_REFUND_EVENT = "charge.refunded";
export const STRIPE_DISPUTE_EVENT = "charge.dispute.created";

/** The parts of a webhook event the store reads: a Checkout Session (settling events), a Charge
 * (charge.refunded: payment_intent, amount, amount_refunded, refunded) or a Dispute (charge.dispute.created:
 * charge, payment_intent, amount, reason, status). */
export const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().max(255),
  data: z.object({
    object: z.object({
      id: z.string().max(255),
      client_reference_id: z.string().max(255).nullish(),
      amount_total: z.number().int().nullish(),
      currency: z.string().max(10).nullish(),
      payment_status: z.string().max(40).nullish(),
      payment_intent: z.string().max(255).nullish(),
      amount: z.number().int().nullish(),
      amount_refunded: z.number().int().nullish(),
      refunded: z.boolean().nullish(),
      charge: z.string().max(255).nullish(),
      reason: z.string().max(80).nullish(),
      status: z.string().max(80).nullish(),
    }),
  }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

export class StripeProvider implements OnlineProvider {
  readonly name = "stripe" as const;

  constructor(
    readonly settings: StripeSettings,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly clock: () => number = Date.now,
  ) {}

  async createPayment(r: PaymentRequest): Promise<CreatedPayment> {
    const seconds = Math.min(Math.max(r.lifespanMinutes * 60, MIN_SESSION_SECONDS), MAX_SESSION_SECONDS);
    const form = new URLSearchParams({
      mode: "payment",
      client_reference_id: r.orderCode,
      customer_email: r.customerEmail,
      success_url: r.successUrl,
      cancel_url: r.failUrl,
      expires_at: String(Math.floor(this.clock() / 1000) + seconds),
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": r.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(r.amount),
      "line_items[0][price_data][product_data][name]": r.description,
      "metadata[order_code]": r.orderCode,
      "payment_intent_data[metadata][order_code]": r.orderCode,
    });
    const answer = await callProvider(
      this.name,
      `${this.settings.apiUrl}/v1/checkout/sessions`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.settings.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          // A retried creation for the same order gives back the same session.
          "Idempotency-Key": `checkout-session-${r.orderCode}`,
        },
        body: form.toString(),
      },
      this.fetchImpl,
    );
    const parsed = sessionAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError(this.name, "Checkout Session answer without id/url");
    return { ref: parsed.data.id, url: parsed.data.url };
  }

  /** Refunds the whole of a PaymentIntent (POST /v1/refunds, form-encoded `payment_intent`); one refund per order
   * whatever the retries (Idempotency-Key; money no order holds names its own, so it is not the order's refund). */
  async refund(
    paymentIntent: string,
    { orderCode, key = `refund-${orderCode}` }: { orderCode: string; key?: string },
  ): Promise<StripeRefund> {
    const answer = await callProvider(
      this.name,
      `${this.settings.apiUrl}/v1/refunds`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.settings.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": key,
        },
        body: new URLSearchParams({
          payment_intent: paymentIntent,
          reason: "requested_by_customer",
          "metadata[order_code]": orderCode,
        }).toString(),
      },
      this.fetchImpl,
    );
    const parsed = refundAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError(this.name, "Refund answer without id/amount");
    return parsed.data;
  }
}
