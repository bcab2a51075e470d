/** A fake Stripe for the tests, following Stripe's public API: POST /v1/checkout/sessions (Bearer secret key,
 * form-encoded; mode=payment, line_items[n][price_data][currency|unit_amount|product_data][name],
 * line_items[n][quantity], client_reference_id, success_url, cancel_url, expires_at 30 min to 24 h ahead;
 * Idempotency-Key replays the first answer) answers the Checkout Session with its `url`; amounts in minor
 * units, currencies lower-case, TND refused as Stripe does not present it. The hosted page's Pay marks the
 * session complete and paid and POSTs a `checkout.session.completed` event to the webhook endpoint, signed
 * as Stripe does (Stripe-Signature: t=..., v1=HMAC-SHA256 of "t.body" with the endpoint secret). */
import { stripeSignatureHeader } from "../stripe-signature.ts";
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
  livemode: false;
}

/** Presentment currencies this fake takes (the store's, less TND, which Stripe does not list). */
const CURRENCIES = ["usd", "eur", "egp"];

export class FakeStripe {
  readonly sessions = new Map<string, FakeStripeSession>();
  readonly sessionRequests: URLSearchParams[] = [];
  private readonly idempotent = new Map<string, string>();
  failCreateWith: number | null = null;

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
    const fake = new FakeStripe(running.url, running.close, options);
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
    const body = JSON.stringify({
      id: `evt_${hexId(12)}`,
      object: "event",
      api_version: "2024-06-20",
      created: Math.floor(nowMs / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...session, ...patch } },
    });
    return { body, signature: stripeSignatureHeader(this.options.webhookSecret, body, nowMs) };
  }

  /** Marks a session paid without sending the event. */
  markPaid(sessionId: string): FakeStripeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = "complete";
    session.payment_status = "paid";
    return session;
  }

  private async handle(req: FakeRequest): Promise<FakeResponse> {
    if (req.method === "POST" && req.path === "/v1/checkout/sessions") return this.create(req);
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
      const { body, signature } = this.event(session.id);
      await fetch(this.options.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
        body,
      }).catch(() => undefined);
      return { status: 303, redirect: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  }

  private create(req: FakeRequest): FakeResponse {
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`)
      return stripeError(401, "Invalid API Key provided");
    if (this.failCreateWith !== null) return stripeError(this.failCreateWith, "Stripe is unavailable");
    const key = req.headers["idempotency-key"];
    const replay = typeof key === "string" ? this.idempotent.get(key) : undefined;
    if (replay) return { status: 200, body: this.sessions.get(replay) };
    const form = new URLSearchParams(req.body);
    this.sessionRequests.push(form);
    if (form.get("mode") !== "payment") return stripeError(400, "Missing required param: mode.", "mode");
    const successUrl = form.get("success_url");
    if (!successUrl) return stripeError(400, "Missing required param: success_url.", "success_url");
    let total = 0;
    let currency: string | undefined;
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      const p = `line_items[${i}][price_data]`;
      const c = form.get(`${p}[currency]`) ?? "";
      if (!CURRENCIES.includes(c)) return stripeError(400, `Invalid currency: ${c}.`, `${p}[currency]`);
      if (currency && c !== currency) return stripeError(400, "All line items must use the same currency.");
      currency = c;
      const unit = Number(form.get(`${p}[unit_amount]`));
      const qty = Number(form.get(`line_items[${i}][quantity]`));
      if (!Number.isInteger(unit) || unit < 0) return stripeError(400, "Invalid integer.", `${p}[unit_amount]`);
      if (!Number.isInteger(qty) || qty < 1) return stripeError(400, "Invalid integer.", `line_items[${i}][quantity]`);
      if (!form.get(`${p}[product_data][name]`))
        return stripeError(400, "Missing product name.", `${p}[product_data][name]`);
      total += unit * qty;
    }
    if (!currency) return stripeError(400, "Missing required param: line_items.", "line_items");
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Number(form.get("expires_at") ?? now + 24 * 3600);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
      return stripeError(
        400,
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.",
        "expires_at",
      );
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
      livemode: false,
    };
    this.sessions.set(id, session);
    if (typeof key === "string") this.idempotent.set(key, id);
    return { status: 200, body: session };
  }
}

function stripeError(status: number, message: string, param?: string): FakeResponse {
  return { status, body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } } };
}
