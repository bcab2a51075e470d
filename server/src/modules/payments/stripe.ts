/** Stripe (docs/decisions.md D11, D52), through Stripe's official package: a Checkout Session (the order's total in
 * minor units as one line, one Idempotency-Key per order) gives the hosted page's `url`; the webhook, verified by
 * the package over the raw body, settles on `checkout.session.completed` (payment_status paid) and
 * `checkout.session.async_payment_succeeded`. The client speaks the API version the package was written for. */
import type Stripe from "stripe";
import { z } from "zod";
import {
  PROVIDER_TIMEOUT_MS,
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

/** The package, loaded the first time a store with Stripe needs it: a store without Stripe never loads it. */
let loaded: Promise<typeof Stripe> | undefined;
function stripePackage(): Promise<typeof Stripe> {
  loaded ??= import("stripe").then((m) => m.default);
  return loaded;
}

/** One retry: a dropped connection or a 5xx is worth asking again (the Idempotency-Key makes it safe), but the
 * shopper is waiting on the checkout's answer, so a second attempt is the last. */
const MAX_NETWORK_RETRIES = 1;

/** Stripe keeps a Checkout Session open from 30 minutes to 24 hours (a minute of margin each side, as Stripe
 * checks against its own clock). */
const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 24 * 3600 - 60;

/** A notification signed more than this long ago is refused (Stripe's own default, said here so it is ours). */
const STRIPE_TOLERANCE_SECONDS = 300;

/** The parts of Stripe's Refund the store records (status: pending, requires_action, succeeded, failed or
 * canceled). */
export type StripeRefund = Pick<Stripe.Refund, "id" | "status" | "amount" | "currency">;

export const STRIPE_SETTLING_EVENTS: readonly string[] = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
] satisfies Stripe.Event.Type[];
/** Money going back that the store follows: a refund made at Stripe (its dashboard or the API; Stripe sends it for
 * partial refunds too) and a dispute (a chargeback, the money is withdrawn from the account when it opens). */
export const STRIPE_REFUND_EVENT = "charge.refunded" satisfies Stripe.Event.Type;
export const STRIPE_DISPUTE_EVENT = "charge.dispute.created" satisfies Stripe.Event.Type;

/** The parts of a webhook event the store reads: a Checkout Session (settling events), a Charge
 * (charge.refunded: payment_intent, amount, amount_refunded, refunded) or a Dispute (charge.dispute.created:
 * charge, payment_intent, amount, reason, status). Checked again after the signature: an event is written in the
 * webhook endpoint's API version, which may not be the one the package's types describe. */
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

export type StripeEventCheck =
  | { ok: true; event: Stripe.Event }
  | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" | "unreadable" };

/** Why the package refused a signature, in the words the store logs (its messages name the case). */
const SIGNATURE_REFUSALS: [RegExp, "malformed" | "stale"][] = [
  [/^Unable to extract timestamp and signatures/, "malformed"],
  [/^No signatures found with expected scheme/, "malformed"],
  [/^Timestamp outside the tolerance zone/, "stale"],
];

/** The `Stripe-Signature` header checked over the exact bytes received, at `nowMs`: HMAC-SHA256 of `t.body` with
 * the endpoint's secret, any of several v1 during a secret rotation, signed at most 300 s before. */
export async function verifyStripeEvent(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
): Promise<StripeEventCheck> {
  if (!header) return { ok: false, reason: "missing" };
  const S = await stripePackage();
  try {
    return {
      ok: true,
      event: S.webhooks.constructEvent(rawBody, header, secret, STRIPE_TOLERANCE_SECONDS, undefined, nowMs),
    };
  } catch (err) {
    if (!(err instanceof S.errors.StripeSignatureVerificationError)) return { ok: false, reason: "unreadable" };
    const refusal = SIGNATURE_REFUSALS.find(([said]) => said.test(err.message));
    return { ok: false, reason: refusal?.[1] ?? "mismatch" };
  }
}

/** The package's errors as the store's ProviderError: a status and Stripe's message, never the request (which
 * carries the key). */
function stripeProviderError(S: typeof Stripe, err: unknown): ProviderError {
  if (err instanceof S.errors.StripeConnectionError) return new ProviderError("stripe", `unreachable (${err.type})`);
  if (err instanceof S.errors.StripeError) {
    const said = `${err.rawType ?? err.type}${err.code ? ` ${err.code}` : ""}: ${err.message}`.slice(0, 200);
    return err.statusCode === undefined
      ? new ProviderError("stripe", said)
      : new ProviderError("stripe", `HTTP ${err.statusCode}: ${said}`, err.statusCode);
  }
  if (err instanceof ProviderError) return err;
  return new ProviderError("stripe", err instanceof Error ? err.name : "error");
}

/** The client, pointed at `apiUrl` (Stripe's, or the fake the tests and the demo start on plain http), naming on
 * every request (the `Stripe-Version` header) the API version the package's types describe, so what Stripe answers
 * is what the code reads, whatever the account's default in the dashboard. */
function stripeClient(S: typeof Stripe, settings: StripeSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new S(settings.secretKey, {
    apiVersion: S.API_VERSION,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: PROVIDER_TIMEOUT_MS,
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    httpClient: S.createNodeHttpClient(),
    // Telemetry sends the previous request's timing with the next one: nothing the store needs to share.
    telemetry: false,
  });
}

export class StripeProvider implements OnlineProvider {
  readonly name = "stripe" as const;
  private readonly client: Promise<{ S: typeof Stripe; stripe: Stripe }>;

  constructor(
    readonly settings: StripeSettings,
    private readonly clock: () => number = Date.now,
  ) {
    // Loaded as the store starts rather than at the first checkout, which would wait on it.
    this.client = stripePackage().then((S) => ({ S, stripe: stripeClient(S, settings) }));
    this.client.catch(() => undefined);
  }

  async createPayment(r: PaymentRequest): Promise<CreatedPayment> {
    const now = Math.floor(this.clock() / 1000);
    // From the order's own expiry when known, so that the same order always sends the same parameters: Stripe
    // refuses a repeated Idempotency-Key whose parameters differ.
    const wanted = r.expiresAt !== undefined ? Math.floor(r.expiresAt / 1000) : now + r.lifespanMinutes * 60;
    const expiresAt = Math.min(Math.max(wanted, now + MIN_SESSION_SECONDS), now + MAX_SESSION_SECONDS);
    const { S, stripe } = await this.client;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: r.orderCode,
          customer_email: r.customerEmail,
          success_url: r.successUrl,
          cancel_url: r.failUrl,
          expires_at: expiresAt,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: r.currency.toLowerCase(),
                unit_amount: r.amount,
                product_data: { name: r.description },
              },
            },
          ],
          metadata: { order_code: r.orderCode },
          payment_intent_data: { metadata: { order_code: r.orderCode } },
        },
        // A retried creation for the same order (the package's own retry, or a replayed checkout) gives back the
        // same session.
        { idempotencyKey: `checkout-session-${r.orderCode}` },
      );
    } catch (err) {
      throw stripeProviderError(S, err);
    }
    if (!session.id || !session.url) throw new ProviderError(this.name, "Checkout Session answer without id/url");
    return { ref: session.id, url: session.url };
  }

  /** Refunds the whole of a PaymentIntent; one refund per order whatever the retries (Idempotency-Key; money no
   * order holds names its own, so it is not the order's refund). */
  async refund(
    paymentIntent: string,
    { orderCode, key = `refund-${orderCode}` }: { orderCode: string; key?: string },
  ): Promise<StripeRefund> {
    const { S, stripe } = await this.client;
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, reason: "requested_by_customer", metadata: { order_code: orderCode } },
        { idempotencyKey: key },
      );
    } catch (err) {
      throw stripeProviderError(S, err);
    }
    if (!refund.id || !Number.isInteger(refund.amount))
      throw new ProviderError(this.name, "Refund answer without id/amount");
    return { id: refund.id, status: refund.status, amount: refund.amount, currency: refund.currency };
  }
}
