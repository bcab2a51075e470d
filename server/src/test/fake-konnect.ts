/** A fake Konnect gateway for the tests, following Konnect's public API
 * (https://api.konnect.network/api/v2/konnect-gateway, "Initiate payment"): POST /api/v2/payments/init-payment
 * (header x-api-key) checks its body as the API documents it (receiverWalletId and amount required; amount a
 * whole number of millimes for TND or cents for EUR and USD; token, type, acceptedPaymentMethods and theme from
 * their lists; lifespan a whole number of minutes; checkoutForm, addPaymentFeesToAmount and silentWebhook
 * booleans; the names, phone, email, orderId, description and URLs strings) and answers 400 with an error body
 * for anything else, else { payUrl, paymentRef }; GET /api/v2/payments/{paymentRef} answers
 * { payment: { id, status: pending|completed, amount, token, orderId, ... } }.
 * The payment page (GET /pay?payment_ref=...) has Pay, which completes the payment, and Cancel. After Pay, with
 * `silentWebhook: true` Konnect calls the webhook itself (GET {webhook}?payment_ref=...) and sends the payer to
 * successUrl; without it Konnect calls nothing and sends the payer's browser to the webhook URL instead. Cancel
 * sends the payer to failUrl (no payment was made, so there is nothing to notify). */
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
  silentWebhook: boolean;
  successUrl: string;
  failUrl: string;
  expirationDate: string;
}

type FieldKind = "string" | "boolean" | "wholeNumber" | readonly string[];

/** init-payment's fields as Konnect documents them: a list is the values the field takes. */
const INIT_FIELDS: Record<string, { kind: FieldKind; required?: boolean }> = {
  receiverWalletId: { kind: "string", required: true },
  token: { kind: ["TND", "EUR", "USD"] },
  amount: { kind: "wholeNumber", required: true },
  type: { kind: ["immediate", "partial"] },
  description: { kind: "string" },
  acceptedPaymentMethods: { kind: ["wallet", "bank_card", "e-DINAR", "flouci"] },
  lifespan: { kind: "wholeNumber" },
  checkoutForm: { kind: "boolean" },
  addPaymentFeesToAmount: { kind: "boolean" },
  firstName: { kind: "string" },
  lastName: { kind: "string" },
  phoneNumber: { kind: "string" },
  email: { kind: "string" },
  orderId: { kind: "string" },
  webhook: { kind: "string" },
  silentWebhook: { kind: "boolean" },
  successUrl: { kind: "string" },
  failUrl: { kind: "string" },
  theme: { kind: ["light", "dark"] },
};

/** Why a field's value is refused, or null when it is what Konnect takes. */
function fieldError(name: string, kind: FieldKind, value: unknown): string | null {
  if (kind === "string") return typeof value === "string" ? null : `${name} must be a string`;
  if (kind === "boolean") return typeof value === "boolean" ? null : `${name} must be a boolean`;
  if (kind === "wholeNumber")
    return typeof value === "number" && Number.isInteger(value) && value > 0
      ? null
      : `${name} must be a positive whole number`;
  const allowed = (v: unknown) => typeof v === "string" && kind.includes(v);
  const ok = name === "acceptedPaymentMethods" ? Array.isArray(value) && value.every(allowed) : allowed(value);
  return ok ? null : `${name} must be ${name === "acceptedPaymentMethods" ? "a list of " : ""}${kind.join(", ")}`;
}

/** The first documented rule the body breaks, or null. */
function initError(body: Record<string, unknown>): string | null {
  for (const [name, field] of Object.entries(INIT_FIELDS)) {
    const value = body[name];
    if (value === undefined || value === null) {
      if (field.required) return `${name} is required`;
      continue;
    }
    const error = fieldError(name, field.kind, value);
    if (error) return error;
  }
  return null;
}

const text = (value: unknown, fallback: string): string => (typeof value === "string" ? value : fallback);

export class FakeKonnect {
  readonly payments = new Map<string, FakeKonnectPayment>();
  /** Every init-payment body received (tests check the fields the store sends). */
  readonly initRequests: Record<string, unknown>[] = [];
  /** When set, init-payment answers this HTTP status (a provider outage). */
  failInitWith: number | null = null;
  /** The reference of every payment-details request, in order (tests count the store's lookups). */
  readonly lookups: string[] = [];
  /** Every webhook URL Konnect called itself, after a payment with silentWebhook. */
  readonly webhookCalls: string[] = [];
  /** How the fake calls the merchant's webhook; tests running the store in process route it there. */
  callWebhook: (url: string) => Promise<unknown> = (url) => fetch(url);

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
      const ref = decodeURIComponent(details[1]);
      this.lookups.push(ref);
      const payment = this.payments.get(ref);
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
      const webhook = withQuery(payment.webhook, { payment_ref: payment.id });
      if (!payment.silentWebhook) return { status: 303, redirect: webhook };
      this.webhookCalls.push(webhook);
      await this.callWebhook(webhook).catch(() => undefined);
      return { status: 303, redirect: withQuery(payment.successUrl, { payment_ref: payment.id }) };
    }
    return { status: 404, body: { errors: [{ message: "Not found" }] } };
  }

  private init(req: FakeRequest): FakeResponse {
    if (req.headers["x-api-key"] !== this.options.apiKey) return unauthorized();
    if (this.failInitWith !== null)
      return { status: this.failInitWith, body: { errors: [{ message: "Service unavailable" }] } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.body);
    } catch {
      return invalid("body must be JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return invalid("body must be an object");
    const body = parsed as Record<string, unknown>;
    this.initRequests.push(body);
    const error = initError(body);
    if (error) return invalid(error);
    if (body.receiverWalletId !== this.options.walletId)
      return { status: 404, body: { errors: [{ message: "Wallet not found" }] } };
    // The store always sends these three; this fake needs them to send the payer and the notification anywhere.
    for (const key of ["webhook", "successUrl", "failUrl"]) {
      const url = body[key];
      if (typeof url !== "string" || !URL.canParse(url)) return invalid(`${key} must be a URL for this fake`);
    }
    const lifespan = typeof body.lifespan === "number" ? body.lifespan : 10;
    const id = hexId();
    this.payments.set(id, {
      id,
      status: "pending",
      amount: Number(body.amount),
      token: text(body.token, "TND"),
      orderId: text(body.orderId, ""),
      type: text(body.type, "immediate"),
      details: text(body.description, ""),
      lifespan,
      webhook: text(body.webhook, ""),
      silentWebhook: body.silentWebhook === true,
      successUrl: text(body.successUrl, ""),
      failUrl: text(body.failUrl, ""),
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
