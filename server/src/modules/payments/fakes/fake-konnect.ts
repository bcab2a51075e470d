/** A fake Konnect gateway for the tests, following Konnect's public API
 * (https://api.konnect.network/api/v2/konnect-gateway): POST /api/v2/payments/init-payment (header
 * x-api-key; receiverWalletId, token TND/EUR/USD, amount in millimes or cents, type, lifespan, orderId,
 * webhook, successUrl, failUrl) answers { payUrl, paymentRef }; GET /api/v2/payments/{paymentRef} answers
 * { payment: { id, status: pending|completed, amount, token, orderId, ... } }. The payment page
 * (GET /pay?payment_ref=...) has Pay, which completes the payment, calls the merchant's webhook
 * (GET {webhook}?payment_ref=...) and sends the payer to successUrl, and Cancel, which sends them to failUrl. */
import { hexId, paymentPage, startFakeServer, withQuery, type FakeRequest, type FakeResponse } from "./fake-server.ts";

export interface FakeKonnectPayment {
  id: string;
  status: "pending" | "completed";
  amount: number;
  token: string;
  orderId: string;
  type: string;
  details: string;
  lifespan: number;
  webhook: string;
  successUrl: string;
  failUrl: string;
  expirationDate: string;
}

const TOKENS = ["TND", "EUR", "USD"];

export class FakeKonnect {
  readonly payments = new Map<string, FakeKonnectPayment>();
  /** Every init-payment body received (tests check the fields the store sends). */
  readonly initRequests: Record<string, unknown>[] = [];
  /** When set, init-payment answers this HTTP status (a provider outage). */
  failInitWith: number | null = null;

  private constructor(
    readonly url: string,
    readonly close: () => Promise<void>,
    private readonly options: { apiKey: string; walletId: string },
  ) {}

  static async start(options: { apiKey: string; walletId: string; port?: number }): Promise<FakeKonnect> {
    const box: { fake?: FakeKonnect } = {};
    const running = await startFakeServer((req) => box.fake?.handle(req) ?? { status: 503 }, options.port);
    const fake = new FakeKonnect(running.url, running.close, options);
    box.fake = fake;
    return fake;
  }

  /** Marks a payment completed without calling the webhook (the test calls it as often as it likes). */
  complete(ref: string): FakeKonnectPayment {
    const payment = this.payments.get(ref);
    if (!payment) throw new Error(`no payment ${ref}`);
    payment.status = "completed";
    return payment;
  }

  private async handle(req: FakeRequest): Promise<FakeResponse> {
    if (req.method === "POST" && req.path === "/api/v2/payments/init-payment") return this.init(req);
    const details = /^\/api\/v2\/payments\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && details?.[1]) {
      if (req.headers["x-api-key"] !== this.options.apiKey) return unauthorized();
      const payment = this.payments.get(decodeURIComponent(details[1]));
      return payment
        ? { status: 200, body: { payment } }
        : { status: 404, body: { errors: [{ message: "Payment not found" }] } };
    }
    if (req.method === "GET" && req.path === "/pay") {
      const payment = this.payments.get(req.query.get("payment_ref") ?? "");
      if (!payment) return { status: 404, html: "<p>Payment not found</p>" };
      const major = payment.amount / (payment.token === "TND" ? 1000 : 100);
      return {
        status: 200,
        html: paymentPage(
          "Konnect (test gateway)",
          [payment.details, `Amount: ${major.toFixed(payment.token === "TND" ? 3 : 2)} ${payment.token}`],
          `/pay/${payment.id}`,
        ),
      };
    }
    const action = /^\/pay\/([^/]+)\/(pay|cancel)$/.exec(req.path);
    if (req.method === "POST" && action?.[1]) {
      const payment = this.payments.get(action[1]);
      if (!payment) return { status: 404, html: "<p>Payment not found</p>" };
      if (action[2] === "cancel")
        return { status: 303, redirect: withQuery(payment.failUrl, { payment_ref: payment.id }) };
      payment.status = "completed";
      // Konnect calls the webhook with the reference only; the merchant fetches the payment to learn more.
      await fetch(withQuery(payment.webhook, { payment_ref: payment.id })).catch(() => undefined);
      return { status: 303, redirect: withQuery(payment.successUrl, { payment_ref: payment.id }) };
    }
    return { status: 404, body: { errors: [{ message: "Not found" }] } };
  }

  private init(req: FakeRequest): FakeResponse {
    if (req.headers["x-api-key"] !== this.options.apiKey) return unauthorized();
    if (this.failInitWith !== null)
      return { status: this.failInitWith, body: { errors: [{ message: "Service unavailable" }] } };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return invalid("body must be JSON");
    }
    this.initRequests.push(body);
    if (body.receiverWalletId !== this.options.walletId)
      return { status: 404, body: { errors: [{ message: "Wallet not found" }] } };
    const token = typeof body.token === "string" ? body.token : "TND";
    if (!TOKENS.includes(token)) return invalid("token must be TND, EUR or USD");
    if (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0)
      return invalid("amount must be a positive whole number of millimes or cents");
    const type = typeof body.type === "string" ? body.type : "immediate";
    if (type !== "immediate" && type !== "partial") return invalid("type must be immediate or partial");
    for (const key of ["webhook", "successUrl", "failUrl"]) {
      if (typeof body[key] !== "string") return invalid(`${key} is required by this fake`);
    }
    const lifespan = typeof body.lifespan === "number" ? body.lifespan : 10;
    const id = hexId();
    this.payments.set(id, {
      id,
      status: "pending",
      amount: body.amount,
      token,
      orderId: typeof body.orderId === "string" ? body.orderId : "",
      type,
      details: typeof body.description === "string" ? body.description : "",
      lifespan,
      webhook: String(body.webhook),
      successUrl: String(body.successUrl),
      failUrl: String(body.failUrl),
      expirationDate: new Date(Date.now() + lifespan * 60_000).toISOString(),
    });
    return { status: 200, body: { payUrl: `${this.url}/pay?payment_ref=${id}`, paymentRef: id } };
  }
}

function unauthorized(): FakeResponse {
  return { status: 401, body: { errors: [{ message: "Unauthorized" }] } };
}

function invalid(message: string): FakeResponse {
  return { status: 400, body: { errors: [{ message }] } };
}
