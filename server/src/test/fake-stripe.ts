/** A fake Stripe for the tests, following Stripe's public API as Stripe's package sends it: every API call carries
 * `Authorization: Bearer <secret key>` and a `Stripe-Version` (an unknown version is refused), bodies are
 * form-encoded with nested keys, errors are `{ error: { type, code, message, param } }` with Stripe's status, and an
 * `Idempotency-Key` replays the first successful answer (`Idempotent-Replayed: true`) or, with other parameters,
 * answers Stripe's 400 `idempotency_error`. POST /v1/checkout/sessions (mode=payment,
 * line_items[n][price_data][currency|unit_amount|product_data][name], line_items[n][quantity], client_reference_id,
 * success_url, cancel_url, expires_at 30 min to 24 h ahead) answers the Checkout Session with its `url`; amounts in
 * minor units, currencies lower-case, TND refused as Stripe does not present it. The hosted page's Pay marks the
 * session complete and paid (with its PaymentIntent and Charge) and POSTs a `checkout.session.completed` event to
 * the webhook endpoint, signed as Stripe does (Stripe-Signature: t=..., v1=HMAC-SHA256 of "t.body" with the
 * endpoint secret). Money going back: refundEvent() (a refund made in Stripe's dashboard: `charge.refunded` with the
 * Charge, its payment_intent, amount_refunded and refunded) and disputeEvent() (`charge.dispute.created` with the
 * Dispute: charge, payment_intent, amount, currency, reason, status needs_response); POST /v1/refunds (form-encoded
 * payment_intent or charge, optional amount, defaulting to what is left) answers the Refund object (status
 * succeeded) and sends `charge.refunded` as Stripe does. */
import { HeldCallbacks } from "./held-callbacks.ts";
import Stripe from "stripe";
import { hexId, paymentPage, startFakeServer, type FakeRequest, type FakeResponse } from "./fake-server.ts";

export interface FakeStripeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  metadata: Record<string, string>;
  url: string | null;
  /** Set once paid (Stripe creates the PaymentIntent when the session is confirmed). */
  payment_intent: string | null;
  livemode: false;
}

/** The parts of Stripe's Charge object the store reads, with the fields around them. */
export interface FakeStripeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  disputed: boolean;
  status: "succeeded";
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** Stripe's Refund object. */
export interface FakeStripeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** Presentment currencies this fake takes (the store's, less TND, which Stripe does not list). */
const CURRENCIES = ["usd", "eur", "egp"];

export class FakeStripe {
  readonly sessions = new Map<string, FakeStripeSession>();
  readonly sessionRequests: URLSearchParams[] = [];
  /** Charges by id, and the charge of each PaymentIntent. */
  readonly charges = new Map<string, FakeStripeCharge>();
  private readonly chargeOf = new Map<string, string>();
  readonly refunds: FakeStripeRefund[] = [];
  readonly refundRequests: URLSearchParams[] = [];
  /** Every API call that reached the fake, replays included. */
  readonly calls: { path: string; stripeVersion: string | undefined; idempotencyKey: string | undefined }[] = [];
  /** The first successful answer to each Idempotency-Key, with what it was asked with. */
  private readonly keys = new Map<string, { path: string; body: string; answer: FakeResponse }>();
  failCreateWith: number | null = null;
  failRefundWith: number | null = null;
  /** Session creations to carry out and then lose the answer of (the connection closes before it is sent). */
  dropCreateAnswers = 0;
  /** Events an API call causes, sent a while after it answered as Stripe does (or at once by delivered()). */
  readonly afterActions = new HeldCallbacks();
  /** How an event reaches the store (by default a POST to the webhook URL; the tests hand it to the app). */
  deliver: (event: { body: string; signature: string }) => Promise<unknown> = (event) =>
    fetch(this.options.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": event.signature },
      body: event.body,
    });

  private constructor(
    readonly url: string,
    readonly close: () => Promise<void>,
    private readonly options: { secretKey: string; webhookSecret: string; webhookUrl: string },
  ) {}

  static async start(options: {
    secretKey: string;
    webhookSecret: string;
    webhookUrl: string;
    port?: number;
  }): Promise<FakeStripe> {
    const box: { fake?: FakeStripe } = {};
    const running = await startFakeServer((req) => box.fake?.handle(req) ?? { status: 503 }, options.port);
    // Closing drops the events not sent yet: their timers would keep the process alive.
    const close = () => {
      box.fake?.afterActions.clear();
      return running.close();
    };
    const fake = new FakeStripe(running.url, close, options);
    box.fake = fake;
    return fake;
  }

  /** A signed event for a session, as Stripe would POST it (`nowMs` moves the signature's time). */
  event(
    sessionId: string,
    type = "checkout.session.completed",
    nowMs = Date.now(),
    patch: Partial<FakeStripeSession> = {},
  ): { body: string; signature: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return this.signed(type, { ...session, ...patch }, nowMs);
  }

  /** Sends at once the events API calls caused that are not sent yet, and waits until every one has been. */
  delivered(): Promise<void> {
    return this.afterActions.delivered();
  }

  /** An event an API call caused, sent after a while as Stripe does. */
  private later(event: { body: string; signature: string }): void {
    this.afterActions.later(() => this.deliver(event));
  }

  /** The Charge of a paid session. */
  chargeFor(sessionId: string): FakeStripeCharge {
    const pi = this.sessions.get(sessionId)?.payment_intent;
    const charge = pi ? this.charges.get(this.chargeOf.get(pi) ?? "") : undefined;
    if (!charge) throw new Error(`session ${sessionId} is not paid`);
    return charge;
  }

  /** A refund made at Stripe (its dashboard) of `amount` (what is left by default): the `charge.refunded` event,
   * signed, with the Charge as it is afterwards. */
  refundEvent(sessionId: string, amount?: number, nowMs = Date.now()): { body: string; signature: string } {
    const charge = this.chargeFor(sessionId);
    this.applyRefund(charge, amount ?? charge.amount - charge.amount_refunded, null);
    return this.signed("charge.refunded", { ...charge }, nowMs);
  }

  /** The shopper disputes the payment with their bank: the `charge.dispute.created` event, signed. */
  disputeEvent(sessionId: string, reason = "fraudulent", nowMs = Date.now()): { body: string; signature: string } {
    const charge = this.chargeFor(sessionId);
    charge.disputed = true;
    const dispute = {
      id: `dp_${hexId(12)}`,
      object: "dispute",
      amount: charge.amount,
      balance_transactions: [],
      charge: charge.id,
      created: Math.floor(nowMs / 1000),
      currency: charge.currency,
      evidence_details: { due_by: Math.floor(nowMs / 1000) + 7 * 24 * 3600, has_evidence: false, submission_count: 0 },
      is_charge_refundable: !charge.refunded,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason,
      status: "needs_response",
    };
    return this.signed("charge.dispute.created", dispute, nowMs);
  }

  private applyRefund(charge: FakeStripeCharge, amount: number, reason: string | null): FakeStripeRefund {
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    const refund: FakeStripeRefund = {
      id: `re_${hexId(12)}`,
      object: "refund",
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason,
      status: "succeeded",
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    return refund;
  }

  private signed(type: string, object: object, nowMs: number): { body: string; signature: string } {
    const body = JSON.stringify({
      id: `evt_${hexId(12)}`,
      object: "event",
      // A webhook endpoint's events are written in the API version it was created with: the one the store pins.
      api_version: Stripe.API_VERSION,
      created: Math.floor(nowMs / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.options.webhookSecret,
      timestamp: Math.floor(nowMs / 1000),
    });
    return { body, signature };
  }

  /** Marks a session paid without sending the event. */
  markPaid(sessionId: string): FakeStripeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = "complete";
    session.payment_status = "paid";
    if (!session.payment_intent) {
      const pi = `pi_${hexId(12)}`;
      const charge: FakeStripeCharge = {
        id: `ch_${hexId(12)}`,
        object: "charge",
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        paid: true,
        captured: true,
        refunded: false,
        disputed: false,
        status: "succeeded",
        payment_intent: pi,
        metadata: { ...session.metadata },
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      session.payment_intent = pi;
      this.charges.set(charge.id, charge);
      this.chargeOf.set(pi, charge.id);
    }
    return session;
  }

  private async handle(req: FakeRequest): Promise<FakeResponse> {
    if (req.path.startsWith("/v1/")) return this.api(req);
    const page = /^\/c\/pay\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && page?.[1]) {
      const session = this.sessions.get(page[1]);
      if (!session || session.status !== "open")
        return { status: 404, html: "<p>This checkout is no longer available</p>" };
      return {
        status: 200,
        html: paymentPage(
          "Stripe Checkout (test)",
          [`Amount: ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`],
          `/c/pay/${session.id}`,
        ),
      };
    }
    const action = /^\/c\/pay\/([^/]+)\/(pay|cancel)$/.exec(req.path);
    if (req.method === "POST" && action?.[1]) {
      const session = this.sessions.get(action[1]);
      if (!session) return { status: 404, html: "<p>Not found</p>" };
      if (action[2] === "cancel") return { status: 303, redirect: session.cancel_url ?? session.success_url };
      this.markPaid(session.id);
      await this.deliver(this.event(session.id)).catch(() => undefined);
      return { status: 303, redirect: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
  }

  /** An API call: the key, the version, then the Idempotency-Key, as Stripe checks them. */
  private async api(req: FakeRequest): Promise<FakeResponse> {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : undefined;
    };
    const stripeVersion = header("stripe-version");
    const key = header("idempotency-key");
    this.calls.push({ path: req.path, stripeVersion, idempotencyKey: key });
    if (header("authorization") !== `Bearer ${this.options.secretKey}`)
      return stripeError(401, `Invalid API Key provided: ${maskKey(header("authorization"))}`);
    if (stripeVersion !== undefined && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(stripeVersion))
      return stripeError(400, `Invalid Stripe API version: ${stripeVersion}`, { code: "invalid_api_version" });
    const run =
      req.method === "POST" && req.path === "/v1/checkout/sessions"
        ? () => this.create(req)
        : req.method === "POST" && req.path === "/v1/refunds"
          ? () => this.refund(req)
          : undefined;
    if (!run) return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
    if (key === undefined) return run();
    const seen = this.keys.get(key);
    if (seen && (seen.path !== req.path || seen.body !== req.body))
      return stripeError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      );
    if (seen) return { ...seen.answer, headers: { ...seen.answer.headers, "Idempotent-Replayed": "true" } };
    const answer = await run();
    // Kept once the call ran; a refusal of its parameters is not kept, nor is Stripe being unavailable (the fake's
    // failures stand for Stripe not reached: a retry with the same key runs the call).
    if (answer.status === 200)
      this.keys.set(key, { path: req.path, body: req.body, answer: { ...answer, body: structuredClone(answer.body) } });
    if (req.path === "/v1/checkout/sessions" && answer.status === 200 && this.dropCreateAnswers > 0) {
      this.dropCreateAnswers--;
      return { status: 0, drop: true };
    }
    return answer;
  }

  /** POST /v1/refunds: the whole charge of a PaymentIntent (or a Charge) unless `amount` says less. */
  private refund(req: FakeRequest): FakeResponse {
    if (this.failRefundWith !== null) return unavailable(this.failRefundWith);
    const form = new URLSearchParams(req.body);
    this.refundRequests.push(form);
    const pi = form.get("payment_intent");
    const chargeId = pi ? this.chargeOf.get(pi) : form.get("charge");
    if (!pi && !form.get("charge"))
      return stripeError(
        400,
        "One of the following params should be provided for this request: payment_intent or charge.",
        { code: "parameter_missing" },
      );
    const charge = chargeId ? this.charges.get(chargeId) : undefined;
    if (!charge)
      return pi
        ? stripeError(400, `No such payment_intent: '${pi}'`, { param: "payment_intent", code: "resource_missing" })
        : stripeError(400, `No such charge: '${form.get("charge") ?? ""}'`, {
            param: "charge",
            code: "resource_missing",
          });
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0)
      return stripeError(400, `Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    const amount = form.has("amount") ? Number(form.get("amount")) : left;
    if (!Number.isInteger(amount) || amount < 1) return invalidInteger("amount");
    if (amount > left)
      return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        param: "amount",
        code: "amount_too_large",
      });
    const refund = this.applyRefund(charge, amount, form.get("reason"));
    // Stripe tells the webhook of every refund, the ones made through the API too, after answering the call.
    this.later(this.signed("charge.refunded", { ...charge }, Date.now()));
    return { status: 200, body: refund };
  }

  private create(req: FakeRequest): FakeResponse {
    if (this.failCreateWith !== null) return unavailable(this.failCreateWith);
    const form = new URLSearchParams(req.body);
    this.sessionRequests.push(form);
    if (form.get("mode") !== "payment") return missing("mode");
    const successUrl = form.get("success_url");
    if (!successUrl) return missing("success_url");
    let total = 0;
    let currency: string | undefined;
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      const p = `line_items[${i}][price_data]`;
      const c = form.get(`${p}[currency]`) ?? "";
      if (!CURRENCIES.includes(c))
        return stripeError(400, `Invalid currency: ${c}.`, {
          param: `${p}[currency]`,
          code: "parameter_invalid_string",
        });
      if (currency && c !== currency) return stripeError(400, "All line items must use the same currency.");
      currency = c;
      const unit = Number(form.get(`${p}[unit_amount]`));
      const qty = Number(form.get(`line_items[${i}][quantity]`));
      if (!Number.isInteger(unit) || unit < 0) return invalidInteger(`${p}[unit_amount]`);
      if (!Number.isInteger(qty) || qty < 1) return invalidInteger(`line_items[${i}][quantity]`);
      if (!form.get(`${p}[product_data][name]`)) return missing(`${p}[product_data][name]`);
      total += unit * qty;
    }
    if (!currency) return missing("line_items");
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Number(form.get("expires_at") ?? now + 24 * 3600);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
      return stripeError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", {
        param: "expires_at",
        code: "parameter_invalid_integer",
      });
    const id = `cs_test_${hexId(24)}`;
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const session: FakeStripeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: total,
      amount_subtotal: total,
      currency,
      client_reference_id: form.get("client_reference_id"),
      customer_email: form.get("customer_email"),
      success_url: successUrl,
      cancel_url: form.get("cancel_url"),
      expires_at: expiresAt,
      metadata,
      url: `${this.url}/c/pay/${id}`,
      payment_intent: null,
      livemode: false,
    };
    this.sessions.set(id, session);
    return { status: 200, body: session };
  }
}

/** Stripe's error body: `type` by status unless given (invalid_request_error for the caller's mistakes, api_error
 * for Stripe's own), with a `code` and the `param` at fault where Stripe names them. */
function stripeError(
  status: number,
  message: string,
  { type, code, param }: { type?: string; code?: string; param?: string } = {},
): FakeResponse {
  return {
    status,
    body: {
      error: {
        type: type ?? (status >= 500 ? "api_error" : "invalid_request_error"),
        message,
        ...(code ? { code } : {}),
        ...(param ? { param } : {}),
      },
    },
  };
}

function missing(param: string): FakeResponse {
  return stripeError(400, `Missing required param: ${param}.`, { param, code: "parameter_missing" });
}

function invalidInteger(param: string): FakeResponse {
  return stripeError(400, "Invalid integer.", { param, code: "parameter_invalid_integer" });
}

/** Stripe failing on its side (the client retries it). */
function unavailable(status: number): FakeResponse {
  return stripeError(status, "An unknown error occurred.");
}

/** The key as Stripe shows it in its refusal: its start and last four characters. */
function maskKey(authorization: string | undefined): string {
  const key = authorization?.replace(/^Bearer /, "") ?? "";
  return key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "***";
}
