/** Stripe's client as the store sets it up (docs/decisions.md D52), against the fake: the pinned API version on
 * every call, one session per order whatever the retries, the package's errors as ProviderError, and the webhook's
 * signature checked by the package at the store's clock. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { FakeStripe } from "../../test/fake-stripe.ts";
import { ProviderError, type PaymentRequest } from "./provider.ts";
import { StripeProvider, verifyStripeEvent } from "./stripe.ts";
import { startFakeServer } from "../../test/fake-server.ts";

const KEY = "sk_test_unit_secret";
const WEBHOOK_SECRET = "whsec_unit";
/** The orders' expiry: fixed, as an order's is, so that asking again for an order sends the same parameters. */
const EXPIRES_AT = Date.now() + 60 * 60_000;

function request(orderCode: string, amount = 2500): PaymentRequest {
  return {
    orderCode,
    amount,
    currency: "EUR",
    customerName: "Ada",
    customerEmail: "ada@example.test",
    customerPhone: "+21612345678",
    description: `Order ${orderCode}`,
    lifespanMinutes: 60,
    expiresAt: EXPIRES_AT,
    successUrl: "http://store.test/order-success?code=X&payment=return",
    failUrl: "http://store.test/order-success?code=X&payment=cancelled",
    webhookUrl: "http://store.test/api/payments/stripe/webhook",
    returnUrl: "http://store.test/api/payments/stripe/return",
  };
}

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe("Stripe's client", () => {
  let fake: FakeStripe;
  let provider: StripeProvider;
  beforeEach(async () => {
    fake = await FakeStripe.start({ secretKey: KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: "http://store.test/" });
    provider = new StripeProvider({ secretKey: KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
  });
  afterEach(() => fake.close());

  it("names the package's API version on every call", async () => {
    const created = await provider.createPayment(request("PNR-VERSION1"));
    fake.markPaid(created.ref);
    const pi = fake.sessions.get(created.ref)?.payment_intent ?? "";
    await provider.refund(pi, { orderCode: "PNR-VERSION1" });
    expect(Stripe.API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
    expect(fake.calls.map((c) => [c.path, c.stripeVersion])).toEqual([
      ["/v1/checkout/sessions", Stripe.API_VERSION],
      ["/v1/refunds", Stripe.API_VERSION],
    ]);
  });

  it("sends the session's parameters form-encoded with nested keys", async () => {
    await provider.createPayment(request("PNR-FORM0001", 4200));
    expect(Object.fromEntries(fake.sessionRequests[0] ?? [])).toMatchObject({
      mode: "payment",
      client_reference_id: "PNR-FORM0001",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "4200",
      "line_items[0][price_data][product_data][name]": "Order PNR-FORM0001",
      "metadata[order_code]": "PNR-FORM0001",
      "payment_intent_data[metadata][order_code]": "PNR-FORM0001",
    });
  });

  it("makes one session when the answer is lost and the package retries, and when the order asks again", async () => {
    fake.dropCreateAnswers = 1;
    const first = await provider.createPayment(request("PNR-RETRY001"));
    const again = await provider.createPayment(request("PNR-RETRY001"));
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(1);
    expect(fake.sessionRequests).toHaveLength(1);
    const keys = fake.calls.map((c) => c.idempotencyKey);
    expect(keys).toEqual(["checkout-session-PNR-RETRY001", "checkout-session-PNR-RETRY001", keys[0]]);
  });

  it("refuses, as Stripe does, the order's key sent again with other parameters", async () => {
    await provider.createPayment(request("PNR-IDEM0001", 2500));
    const err = await refusal(provider.createPayment(request("PNR-IDEM0001", 2600)));
    expect(err.status).toBe(400);
    expect(err.reason).toMatch(/^HTTP 400: idempotency_error: Keys for idempotent requests/);
    expect(fake.sessions.size).toBe(1);
  });

  it("turns the package's errors into ProviderError: Stripe failing (retried once), a refusal, no answer", async () => {
    fake.failCreateWith = 503;
    const failing = await refusal(provider.createPayment(request("PNR-FAIL0001")));
    expect(failing).toMatchObject({ provider: "stripe", status: 503 });
    expect(failing.reason).toBe("HTTP 503: api_error: An unknown error occurred.");
    expect(fake.calls).toHaveLength(2);
    fake.failCreateWith = null;

    const wrongKey = new StripeProvider({ secretKey: "sk_test_wrong_key", webhookSecret: "", apiUrl: fake.url });
    const refused = await refusal(wrongKey.createPayment(request("PNR-FAIL0002")));
    expect(refused.status).toBe(401);
    expect(refused.reason).toMatch(/^HTTP 401: invalid_request_error: Invalid API Key provided/);
    expect(refused.reason).not.toContain("sk_test_wrong_key");

    const tnd = await refusal(provider.createPayment({ ...request("PNR-FAIL0003"), currency: "TND" }));
    expect(tnd.reason).toBe("HTTP 400: invalid_request_error parameter_invalid_string: Invalid currency: tnd.");

    const closed = await startFakeServer(() => ({ status: 200 }));
    await closed.close();
    const gone = new StripeProvider({ secretKey: KEY, webhookSecret: "", apiUrl: closed.url });
    const unreachable = await refusal(gone.createPayment(request("PNR-FAIL0004")));
    expect(unreachable).toMatchObject({ reason: "unreachable (StripeConnectionError)", status: undefined });
  });

  it("refunds once per key whatever the presses", async () => {
    const created = await provider.createPayment(request("PNR-REFUND01"));
    fake.markPaid(created.ref);
    const pi = fake.sessions.get(created.ref)?.payment_intent ?? "";
    const first = await provider.refund(pi, { orderCode: "PNR-REFUND01" });
    const again = await provider.refund(pi, { orderCode: "PNR-REFUND01" });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ amount: 2500, currency: "eur", status: "succeeded" });
    expect(fake.refunds).toHaveLength(1);
  });
});

describe("Stripe's webhook signature", () => {
  const body = JSON.stringify({ id: "evt_unit", object: "event", type: "checkout.session.completed" });
  const now = 1_800_000_000_000;
  const signedAt = (seconds: number, payload = body, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds });
  const t = now / 1000;

  it("accepts a signature of the raw body up to 300 s old, and hands back the event", async () => {
    const check = await verifyStripeEvent(WEBHOOK_SECRET, body, signedAt(t - 300), now);
    expect(check).toMatchObject({ ok: true, event: { id: "evt_unit", type: "checkout.session.completed" } });
    // Only the endpoint's secret makes a signature, so one dated ahead is Stripe's clock running ahead of ours.
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, signedAt(t + 600), now)).toMatchObject({ ok: true });
  });

  it("refuses a stale, missing, malformed or mismatched signature, and a signed body that is not an event", async () => {
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, signedAt(t - 301), now)).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, undefined, now)).toEqual({ ok: false, reason: "missing" });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, `v1=${"0".repeat(64)}`, now)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, "t=abc,v1=xyz", now)).toMatchObject({ ok: false });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, `${body} `, signedAt(t), now)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, body, signedAt(t, body, "whsec_other"), now)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(await verifyStripeEvent(WEBHOOK_SECRET, "not json", signedAt(t, "not json"), now)).toEqual({
      ok: false,
      reason: "unreadable",
    });
  });
});
