/** A fake Paymob for the tests, following Paymob's public documentation (developers.paymob.com: "Create Intention",
 * "Transaction callbacks", "HMAC Transaction Callback", "Refund"):
 * - POST /v1/intention/ (header `Authorization: Token <secret key>`) checks its body as documented (amount a whole
 *   number of cents; currency; payment_methods, integration ids of the account (404 with Paymob's message for an
 *   unknown one); items whose amounts times quantities add up to the amount; billing_data with first_name,
 *   last_name, email and phone_number; the optional customer, extras, special_reference, expiration, notification_url
 *   and redirection_url) and answers the intention (id, client_secret, intention_order_id, payment_keys,
 *   intention_detail, status "intended", ...);
 * - GET /unifiedcheckout/?publicKey=…&clientSecret=… is the checkout page, with Pay (a successful card transaction)
 *   and Cancel (a declined one); either way Paymob POSTs the transaction processed callback
 *   ({ type: "TRANSACTION", obj }, `?hmac=` on the URL) to notification_url and sends the shopper's browser to
 *   redirection_url with the transaction response callback's query parameters and their hmac;
 * - POST /api/acceptance/void_refund/refund ({ transaction_id, amount_cents }, the same Token) answers the refund
 *   transaction and marks the paid one refunded, at most its amount in all; then, as after any action on a payment,
 *   the processed callbacks of the refunded payment and of the refund transaction go to notification_url.
 * The HMAC is paymob-hmac.ts's, whose concatenation a test checks against the documentation's own sample. */
import { HeldCallbacks } from "./held-callbacks.ts";
import { isRecord } from "@store/shared/is-record";
import { paymobHmac, processedCallbackString, redirectionString } from "../modules/payments/paymob-hmac.ts";
import { hexId, paymentPage, startFakeServer, withQuery, type FakeRequest, type FakeResponse } from "./fake-server.ts";

export interface FakePaymobOptions {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: readonly number[];
  port?: number;
}

export interface FakePaymobIntention {
  id: string;
  client_secret: string;
  intention_order_id: number;
  amount: number;
  currency: string;
  special_reference: string | null;
  notification_url: string | null;
  redirection_url: string | null;
  integration_id: number;
  status: "intended" | "paid";
}

/** A transaction as Paymob's processed callback carries it (its `obj`): every documented field, used or not. */
export type FakePaymobTransaction = Record<string, unknown> & { id: number; amount_cents: number };

let nextId = 190_000_000 + Math.floor(Math.random() * 1_000_000);

export class FakePaymob {
  readonly intentions = new Map<string, FakePaymobIntention>();
  readonly transactions = new Map<number, FakePaymobTransaction>();
  /** Every intention body received (tests check the fields the store sends). */
  readonly intentionRequests: Record<string, unknown>[] = [];
  readonly refundRequests: Record<string, unknown>[] = [];
  failCreateWith: number | null = null;
  failRefundWith: number | null = null;
  /** Callbacks an action on a payment (a refund) causes, sent a while after the API answered. */
  readonly afterActions = new HeldCallbacks();
  /** How Paymob POSTs the processed callback; tests running the store in process route it there. */
  callWebhook: (url: string, body: string) => Promise<unknown> = (url, body) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });

  private constructor(
    readonly url: string,
    readonly close: () => Promise<void>,
    private readonly options: FakePaymobOptions,
  ) {}

  static async start(options: FakePaymobOptions): Promise<FakePaymob> {
    const box: { fake?: FakePaymob } = {};
    const running = await startFakeServer((req) => box.fake?.handle(req) ?? { status: 503 }, options.port);
    const fake = new FakePaymob(
      running.url,
      () => {
        box.fake?.afterActions.clear();
        return running.close();
      },
      options,
    );
    box.fake = fake;
    return fake;
  }

  /** Sends at once the callbacks actions caused that are not sent yet, and waits until every one has been. */
  delivered(): Promise<void> {
    return this.afterActions.delivered();
  }

  /** The intention of one of Paymob's order ids (the store's payment reference). */
  intentionOf(orderId: string): FakePaymobIntention {
    const found = [...this.intentions.values()].find((i) => String(i.intention_order_id) === orderId);
    if (!found) throw new Error(`no intention for order ${orderId}`);
    return found;
  }

  /** Makes the transaction the shopper's Pay (or, `success: false`, a declined card) would make, without sending
   * anything: the test sends its callback as often as it likes. */
  transact(orderId: string, success = true): FakePaymobTransaction {
    const intention = this.intentionOf(orderId);
    const id = nextId++;
    const now = new Date().toISOString().replace("Z", "");
    const transaction: FakePaymobTransaction = {
      id,
      pending: false,
      amount_cents: intention.amount,
      success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: intention.integration_id,
      profile_id: 302852,
      has_parent_transaction: false,
      order: {
        id: intention.intention_order_id,
        created_at: now,
        delivery_needed: false,
        merchant: { id: 302852, created_at: now, phones: [], company_emails: [], company_name: "Test store" },
        collector: null,
        amount_cents: intention.amount,
        shipping_data: null,
        currency: intention.currency,
        is_payment_locked: false,
        is_return: false,
        is_cancel: false,
        is_returned: false,
        is_canceled: false,
        merchant_order_id: intention.special_reference,
        wallet_notification: null,
        paid_amount_cents: success ? intention.amount : 0,
        notify_user_with_email: false,
        items: [],
        order_url: "NA",
        commission_fees: 0,
        delivery_fees_cents: 0,
        delivery_vat_cents: 0,
        payment_method: "tbc",
        merchant_staff_tag: null,
        api_source: "OTHER",
        data: {},
      },
      created_at: now,
      transaction_processed_callback_responses: [],
      currency: intention.currency,
      source_data: { pan: "2346", type: "card", tenure: null, sub_type: "MasterCard" },
      api_source: "IFRAME",
      terminal_id: null,
      merchant_commission: 0,
      installment: null,
      discount_details: [],
      is_void: false,
      is_refund: false,
      data: { message: success ? "Approved" : "Do not honour", txn_response_code: success ? "APPROVED" : "DECLINED" },
      is_hidden: false,
      payment_key_claims: { extra: {}, order_id: intention.intention_order_id, currency: intention.currency },
      error_occured: false,
      is_live: false,
      other_endpoint_reference: null,
      refunded_amount_cents: 0,
      source_id: -1,
      is_captured: false,
      captured_amount: 0,
      merchant_staff_tag: null,
      updated_at: now,
      is_settled: false,
      bill_balanced: false,
      is_bill: false,
      owner: 302852,
      parent_transaction: null,
    };
    this.transactions.set(id, transaction);
    if (success) intention.status = "paid";
    return transaction;
  }

  /** The processed callback of a transaction as Paymob POSTs it: its JSON body and the URL with its hmac. `patch`
   * changes fields before signing (a test's forged yet correctly signed callback); `signWith` another secret. */
  callback(
    transaction: FakePaymobTransaction,
    patch: Record<string, unknown> = {},
    signWith = this.options.hmacSecret,
  ): { body: string; hmac: string; url: string } {
    const obj = { ...transaction, ...patch };
    const hmac = paymobHmac(signWith, processedCallbackString(obj));
    const intention = this.intentionOf(
      String(transaction.order && isRecord(transaction.order) ? transaction.order.id : ""),
    );
    const url = withQuery(intention.notification_url ?? "http://store.invalid/", { hmac });
    return {
      body: JSON.stringify({
        type: "TRANSACTION",
        obj,
        issuer_bank: null,
        transaction_processed_callback_responses: "",
      }),
      hmac,
      url,
    };
  }

  /** Where Paymob sends the shopper after a transaction: redirection_url with the response callback's parameters. */
  redirection(transaction: FakePaymobTransaction): string {
    const t = transaction;
    const order = isRecord(t.order) ? t.order : {};
    const source = isRecord(t.source_data) ? t.source_data : {};
    const data = isRecord(t.data) ? t.data : {};
    const text = (v: unknown) =>
      typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : "";
    const params = new URLSearchParams();
    for (const key of [
      "id",
      "pending",
      "amount_cents",
      "success",
      "is_auth",
      "is_capture",
      "is_standalone_payment",
      "is_voided",
      "is_refunded",
      "is_3d_secure",
      "integration_id",
      "profile_id",
      "has_parent_transaction",
      "created_at",
      "currency",
      "merchant_commission",
      "is_void",
      "is_refund",
      "error_occured",
      "refunded_amount_cents",
      "captured_amount",
      "updated_at",
      "is_settled",
      "bill_balanced",
      "is_bill",
      "owner",
    ])
      params.set(key, text(t[key]));
    params.set("order_id", text(order.id));
    params.set("merchant_order_id", text(order.merchant_order_id));
    params.set("discount_details", "[]");
    params.set("data.message", text(data.message));
    params.set("source_data.type", text(source.type));
    params.set("source_data.pan", text(source.pan));
    params.set("source_data.sub_type", text(source.sub_type));
    params.set("txn_response_code", text(data.txn_response_code));
    params.set("hmac", paymobHmac(this.options.hmacSecret, redirectionString(params)));
    const intention = this.intentionOf(text(order.id));
    const back = new URL(intention.redirection_url ?? "http://store.invalid/");
    for (const [k, v] of params) back.searchParams.set(k, v);
    return back.toString();
  }

  private authorized(req: FakeRequest): boolean {
    return req.headers.authorization === `Token ${this.options.secretKey}`;
  }

  private async handle(req: FakeRequest): Promise<FakeResponse> {
    if (req.method === "POST" && req.path === "/v1/intention/") return this.create(req);
    if (req.method === "POST" && req.path === "/api/acceptance/void_refund/refund") return this.refund(req);
    if (req.method === "GET" && req.path === "/unifiedcheckout/") {
      const intention = this.intentions.get(req.query.get("clientSecret") ?? "");
      if (!intention || req.query.get("publicKey") !== this.options.publicKey || intention.status !== "intended")
        return { status: 404, html: "<p>This payment link is not valid</p>" };
      return {
        status: 200,
        html: paymentPage(
          "Paymob Unified Checkout (test)",
          [`Amount: ${(intention.amount / 100).toFixed(2)} ${intention.currency}`],
          `/unifiedcheckout/${intention.client_secret}`,
        ),
      };
    }
    const action = /^\/unifiedcheckout\/([^/]+)\/(pay|cancel)$/.exec(req.path);
    if (req.method === "POST" && action?.[1]) {
      const intention = this.intentions.get(action[1]);
      if (!intention || intention.status !== "intended") return { status: 404, html: "<p>Not found</p>" };
      // A cancelled card is a declined transaction at Paymob: it is told to the merchant too.
      const transaction = this.transact(String(intention.intention_order_id), action[2] === "pay");
      const callback = this.callback(transaction);
      await this.callWebhook(callback.url, callback.body).catch(() => undefined);
      return { status: 303, redirect: this.redirection(transaction) };
    }
    return { status: 404, body: { detail: "Not found." } };
  }

  private create(req: FakeRequest): FakeResponse {
    if (!this.authorized(req)) return { status: 401, body: { detail: "Invalid token." } };
    if (this.failCreateWith !== null) return { status: this.failCreateWith, body: { detail: "Service unavailable" } };
    const body = jsonBody(req);
    if (!isRecord(body)) return body;
    this.intentionRequests.push(body);
    const problem = intentionError(body, this.options.integrationIds);
    if (problem) return problem;
    const methods = Array.isArray(body.payment_methods) ? body.payment_methods.map(Number) : [];
    const integration = methods[0] ?? 0;
    const orderId = nextId++;
    const intention: FakePaymobIntention = {
      id: `pi_test_${hexId(16)}`,
      client_secret: `egy_csk_test_${hexId(16)}`,
      intention_order_id: orderId,
      amount: Number(body.amount),
      currency: String(body.currency),
      special_reference: typeof body.special_reference === "string" ? body.special_reference : null,
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      redirection_url: typeof body.redirection_url === "string" ? body.redirection_url : null,
      integration_id: integration,
      status: "intended",
    };
    this.intentions.set(intention.client_secret, intention);
    return {
      status: 201,
      body: {
        payment_keys: methods.map((id) => ({
          integration: id,
          key: hexId(32),
          gateway_type: "VPC",
          iframe_id: null,
          order_id: orderId,
          redirection_url: intention.redirection_url,
          save_card: false,
        })),
        intention_order_id: orderId,
        id: intention.id,
        intention_detail: {
          amount: intention.amount,
          items: body.items ?? [],
          currency: intention.currency,
          billing_data: body.billing_data,
        },
        client_secret: intention.client_secret,
        payment_methods: methods.map((id) => ({
          integration_id: id,
          alias: null,
          name: null,
          method_type: "card",
          currency: intention.currency,
          live: false,
          use_cvc_with_moto: false,
        })),
        special_reference: intention.special_reference,
        extras: { creation_extras: body.extras ?? null, confirmation_extras: null },
        confirmed: false,
        status: "intended",
        created: new Date().toISOString(),
        card_detail: null,
        card_tokens: [],
        object: "paymentintention",
      },
    };
  }

  private refund(req: FakeRequest): FakeResponse {
    if (!this.authorized(req)) return { status: 401, body: { detail: "Invalid token." } };
    const body = jsonBody(req);
    if (!isRecord(body)) return body;
    this.refundRequests.push(body);
    if (this.failRefundWith !== null) return { status: this.failRefundWith, body: { detail: "Service unavailable" } };
    const paid = this.transactions.get(Number(body.transaction_id));
    if (!paid || paid.success !== true) return { status: 404, body: { detail: "Transaction not found." } };
    const amount = body.amount_cents;
    const already = Number(paid.refunded_amount_cents ?? 0);
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1 || amount + already > paid.amount_cents)
      return { status: 400, body: { detail: "Refund amount exceeds the transaction's refundable amount." } };
    paid.refunded_amount_cents = already + amount;
    paid.is_refunded = true;
    const refund: FakePaymobTransaction = {
      ...paid,
      id: nextId++,
      amount_cents: amount,
      is_refund: true,
      is_refunded: false,
      has_parent_transaction: true,
      parent_transaction: paid.id,
      refunded_amount_cents: 0,
      created_at: new Date().toISOString().replace("Z", ""),
    };
    this.transactions.set(refund.id, refund);
    // Paymob sends the processed callback again after any action on a payment: the refunded payment (is_refunded,
    // the total refunded) and the refund transaction itself, once the API has answered.
    for (const changed of [paid, refund]) {
      const callback = this.callback({ ...changed });
      this.afterActions.later(() => this.callWebhook(callback.url, callback.body));
    }
    return { status: 200, body: refund };
  }
}

/** A request's JSON object, or Paymob's 400 answer when the body is not one. */
function jsonBody(req: FakeRequest): Record<string, unknown> | FakeResponse {
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return { status: 400, body: { detail: "JSON parse error" } };
  }
  return isRecord(body) ? body : { status: 400, body: { detail: "Invalid data. Expected a dictionary." } };
}

/** The first documented rule an intention's body breaks, as Paymob answers it; null when it is what Paymob takes. */
function intentionError(body: Record<string, unknown>, integrationIds: readonly number[]): FakeResponse | null {
  const bad = (field: string, message: string): FakeResponse => ({ status: 400, body: { [field]: [message] } });
  const { amount, currency, payment_methods: methods, items, billing_data: billing } = body;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1)
    return bad("amount", "A valid integer is required.");
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return bad("currency", "Invalid currency.");
  if (!Array.isArray(methods) || methods.length === 0) return bad("payment_methods", "This field is required.");
  if (!methods.every((id) => integrationIds.includes(Number(id))))
    return {
      status: 404,
      body: {
        detail:
          "Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab",
      },
    };
  if (items !== undefined) {
    if (!Array.isArray(items) || !items.every(isRecord)) return bad("items", "Expected a list of items.");
    for (const item of items)
      if (typeof item.name !== "string" || typeof item.amount !== "number" || typeof item.quantity !== "number")
        return bad("items", "Each item needs a name, an amount and a quantity.");
    const sum = items.reduce((total, item) => total + Number(item.amount) * Number(item.quantity), 0);
    if (sum !== amount) return bad("amount", "Amount and the sum of items amount should be equal.");
  }
  if (!isRecord(billing)) return bad("billing_data", "This field is required.");
  for (const field of ["first_name", "last_name", "email", "phone_number"])
    if (typeof billing[field] !== "string" || billing[field] === "")
      return bad("billing_data", `${field} is required.`);
  if (body.expiration !== undefined && (typeof body.expiration !== "number" || !Number.isInteger(body.expiration)))
    return bad("expiration", "A valid integer is required.");
  for (const field of ["notification_url", "redirection_url"])
    if (body[field] !== undefined && (typeof body[field] !== "string" || !URL.canParse(String(body[field]))))
      return bad(field, "Enter a valid URL.");
  return null;
}
