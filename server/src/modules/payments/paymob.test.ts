/** Paymob (docs/decisions.md D46) against the fake Paymob, on SQLite and (TEST_DATABASE=postgres) PostgreSQL: the
 * HMAC concatenation follows the documentation's own sample; checkout creates the intention with what the Intention
 * API documents and sends the shopper to the Unified Checkout page; the transaction processed callback settles the
 * order once (100 times at once and in sequence: one settlement, one delivery email) when its HMAC, amount and
 * currency hold; forged, tampered, unsigned or replayed-from-another-transaction callbacks are refused and deliver
 * nothing; the shopper's return is verified too and settles nothing; 'Mark refunded' refunds at Paymob first; a refund
 * or void made at Paymob, told by the processed callback Paymob sends after it, reaches the order and its codes. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { PAYMENT_ERROR_CODES } from "@store/shared/schemas/payments";
import { isRecord } from "@store/shared/is-record";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { ADMIN_ENV, signIn } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { FakePaymob, type FakePaymobTransaction } from "../../test/fake-paymob.ts";
import { paymobHmac, processedCallbackString, verifyPaymobHmac } from "./paymob-hmac.ts";
import {
  captureLogs,
  checkout,
  expectDeliveredOnce,
  historyOf,
  operatorAlertsOf,
  placed,
  settlement,
  stock,
  STOCKED,
} from "../../test/payments-test-kit.ts";
import { PAYMENT_REVERSED_KIND } from "./payment-mails.ts";

const SECRET_KEY = "egy_sk_test_store_secret";
const PUBLIC_KEY = "egy_pk_test_store_public";
const HMAC_SECRET = "paymob-hmac-secret-test";
const INTEGRATIONS = [4097558, 4097559];

describe("Paymob's HMAC", () => {
  it("concatenates the documented fields in the documented order, as the documentation's sample shows", () => {
    // The sample transaction of "HMAC Transaction Callback" and the string the documentation derives from it.
    const obj = {
      amount_cents: 100000,
      created_at: "2024-06-13T11:33:44.592345",
      currency: "EGP",
      error_occured: false,
      has_parent_transaction: false,
      id: 192036465,
      integration_id: 4097558,
      is_3d_secure: true,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: 217503754, merchant_order_id: "not signed" },
      owner: 302852,
      pending: false,
      source_data: { pan: "2346", sub_type: "MasterCard", type: "card", tenure: null },
      success: true,
      profile_id: 1,
    };
    const text = processedCallbackString(obj);
    expect(text).toBe(
      "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue",
    );
    const hmac = paymobHmac("secret", text);
    expect(hmac).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyPaymobHmac("secret", text, hmac)).toBe(true);
    expect(verifyPaymobHmac("secret", text, hmac.toUpperCase())).toBe(true);
    expect(verifyPaymobHmac("other", text, hmac)).toBe(false);
    expect(verifyPaymobHmac("secret", text.replace("100000", "100"), hmac)).toBe(false);
    expect(verifyPaymobHmac("secret", text, undefined)).toBe(false);
    expect(verifyPaymobHmac("secret", text, "abc")).toBe(false);
  });
});

describe("payments with Paymob", () => {
  let store: TestStore;
  let paymob: FakePaymob;
  let logs: string[];
  beforeEach(async () => {
    paymob = await FakePaymob.start({
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      hmacSecret: HMAC_SECRET,
      integrationIds: INTEGRATIONS,
    });
    store = await createTestStore({
      seed: true,
      env: {
        ...ADMIN_ENV,
        PAYMENT_METHODS: "paymob,manual",
        PAYMOB_SECRET_KEY: SECRET_KEY,
        PAYMOB_PUBLIC_KEY: PUBLIC_KEY,
        PAYMOB_HMAC_SECRET: HMAC_SECRET,
        PAYMOB_INTEGRATION_IDS: INTEGRATIONS.join(","),
        PAYMOB_API_URL: paymob.url,
      },
    });
    // Paymob's own callbacks reach the store running in this process.
    paymob.callWebhook = async (url, body) =>
      store.app.request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    logs = captureLogs();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.close();
    await paymob.close();
  });

  const notify = (c: { body: string; url: string }) =>
    store.app.request(c.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: c.body });
  const outcome = async (res: Response) => ((await res.json()) as { outcome?: string }).outcome;
  /** The shopper's browser back at the store: the path and query Paymob sent it to. */
  const back = (location: string) => {
    const u = new URL(location);
    return store.app.request(`${u.pathname}${u.search}`);
  };

  async function placedWithPaymob(items = checkoutBody().items) {
    const out = await placed(store, checkoutBody({ currency: "EGP", paymentMethod: "paymob", items }));
    const { order } = await settlement(store, out.panierCode);
    return { out, order, ref: order.paymentRef ?? "" };
  }

  it("takes EGP beside manual payment", async () => {
    const res = await store.app.request("/api/payments/options");
    expect(await res.json()).toEqual({
      methods: [
        { method: "paymob", currencies: ["EGP"] },
        { method: "manual", currencies: ["USD", "TND", "EUR", "EGP"] },
      ],
    });
    // USD goes to the one method that takes it, without a choice.
    const usd = await placed(store, checkoutBody({ currency: "USD" }));
    expect((await settlement(store, usd.panierCode)).order.paymentProvider).toBe("manual");
    expect(paymob.intentionRequests).toHaveLength(0);
    const refused = await checkout(store, checkoutBody({ currency: "USD", paymentMethod: "paymob" }));
    expect(await refused.json()).toMatchObject({ code: PAYMENT_ERROR_CODES.currencyNotPayable, currencies: ["EGP"] });
  });

  it("creates an intention, sends the shopper to the Unified Checkout, and settles on the signed callback", async () => {
    const { out, order, ref } = await placedWithPaymob();
    const intention = paymob.intentionOf(ref);
    expect(out).toMatchObject({ requiresPayment: true });
    const page = new URL(out.paymentLink ?? "");
    expect(`${page.origin}${page.pathname}`).toBe(`${paymob.url}/unifiedcheckout/`);
    expect(page.searchParams.get("publicKey")).toBe(PUBLIC_KEY);
    expect(page.searchParams.get("clientSecret")).toBe(intention.client_secret);
    expect(order).toMatchObject({ paymentProvider: "paymob", status: "pending_payment", currency: "EGP" });
    // What Paymob was asked: cents, EGP, the operator's integrations, the order's code and our two URLs.
    const sent = paymob.intentionRequests[0];
    expect(sent).toMatchObject({
      amount: order.total,
      currency: "EGP",
      payment_methods: INTEGRATIONS,
      items: [{ amount: order.total, quantity: 1 }],
      billing_data: {
        first_name: "Amira",
        last_name: "Ben Salah",
        email: "amira@example.com",
        phone_number: "+216 20 123 456",
      },
      special_reference: out.panierCode,
      notification_url: "http://store.test/api/payments/paymob/webhook",
      redirection_url: "http://store.test/api/payments/paymob/return",
      expiration: 3600,
    });

    // The shopper opens the page and pays: Paymob calls the webhook, then sends the browser back.
    expect((await fetch(out.paymentLink ?? "")).status).toBe(200);
    const paid = await fetch(`${paymob.url}/unifiedcheckout/${intention.client_secret}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("paid");
    expect(after.paidMails).toBe(1);
    const transaction = [...paymob.transactions.values()][0];
    expect(after.events).toMatchObject([
      {
        provider: "paymob",
        eventId: String(transaction?.id),
        paymentRef: String(transaction?.id),
        amount: order.total,
        currency: "EGP",
        outcome: "settled",
      },
    ]);
    const history = await store.query((db, t) =>
      db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id)),
    );
    expect(history.filter((e) => e.toStatus === "paid").map((e) => e.actor)).toEqual(["provider:paymob"]);
    // The way back is checked and leads to the order's page; it settles nothing itself.
    const returned = await back(paid.headers.get("Location") ?? "");
    expect(returned.status).toBe(303);
    expect(returned.headers.get("Location")).toBe(`/order-success?code=${out.panierCode}&payment=return`);
    const log = logs.join("\n");
    for (const secret of [SECRET_KEY, HMAC_SECRET]) expect(log).not.toContain(secret);
  });

  it("changes nothing for a declined card, and brings the shopper back to the order as not paid", async () => {
    const { out, ref } = await placedWithPaymob();
    const declined = await fetch(`${paymob.url}/unifiedcheckout/${paymob.intentionOf(ref).client_secret}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    const returned = await back(declined.headers.get("Location") ?? "");
    expect(returned.headers.get("Location")).toBe(`/order-success?code=${out.panierCode}&payment=cancelled`);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("pending_payment");
    expect(after.events).toHaveLength(0);
    const transaction = [...paymob.transactions.values()][0];
    if (!transaction) throw new Error("no declined transaction");
    expect(await outcome(await notify(paymob.callback(transaction)))).toBe("not_paid");
  });

  it("settles once for the same callback 100 times at once and 100 times in sequence", async () => {
    await stock(store, 3);
    const { out, ref } = await placedWithPaymob([{ id: STOCKED, qty: 2 }]);
    const callback = paymob.callback(paymob.transact(ref));
    const concurrent = await Promise.all(Array.from({ length: 100 }, () => notify(callback)));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    const outcomes = await Promise.all(concurrent.map(outcome));
    expect(outcomes.filter((o) => o === "settled")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(99);
    for (let i = 0; i < 100; i++) expect(await outcome(await notify(callback))).toBe("duplicate");
    await expectDeliveredOnce(store, out.panierCode, 2);
  }, 60_000);

  it("refuses forged, tampered, unsigned and replayed callbacks, delivering nothing", async () => {
    const { out, order, ref } = await placedWithPaymob();
    const declined = paymob.transact(ref, false);
    const paid = paymob.transact(ref);
    const good = paymob.callback(paid);
    /** The genuine callback with its transaction changed after Paymob signed it. */
    const tamper = (patch: Record<string, unknown>) => {
      const body: unknown = JSON.parse(good.body);
      if (!isRecord(body) || !isRecord(body.obj)) throw new Error("callback without obj");
      return { ...good, body: JSON.stringify({ ...body, obj: { ...body.obj, ...patch } }) };
    };
    const withHmac = (hmac: string) => ({ ...good, url: good.url.replace(/hmac=[0-9a-f]+/, `hmac=${hmac}`) });
    const refusals: [string, Response][] = [
      ["amount changed after signing", await notify(tamper({ amount_cents: 100 }))],
      ["currency changed after signing", await notify(tamper({ currency: "USD" }))],
      ["transaction id changed after signing", await notify(tamper({ id: paid.id + 1 }))],
      ["other amount, signed", await notify(paymob.callback(paid, { amount_cents: order.total - 100 }))],
      ["other currency, signed", await notify(paymob.callback(paid, { currency: "USD" }))],
      ["another secret", await notify(paymob.callback(paid, {}, "someone-elses-secret"))],
      ["no hmac", await notify({ ...good, url: good.url.replace(/\?hmac=[0-9a-f]+/, "") })],
      ["malformed hmac", await notify(withHmac("abc"))],
      // A genuine HMAC, of an earlier (declined) transaction of this order, carried on the paid one.
      ["stale hmac", await notify(withHmac(paymob.callback(declined).hmac))],
      ["not JSON", await notify({ ...good, body: "{" })],
    ];
    for (const [what, res] of refusals) expect(res.status, what).toBe(400);
    // Another kind of callback (a saved card's token) is not a payment: nothing changes.
    const token = await notify({ ...good, body: JSON.stringify({ type: "TOKEN", obj: { token: "abc" } }) });
    expect(await outcome(token)).toBe("ignored");
    // Signed, but for a Paymob order the store never had.
    const stranger = await notify(paymob.callback(paid, { order: { id: 1 } }));
    expect(stranger.status).toBe(404);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("pending_payment");
    expect(after.paidMails).toBe(0);
    expect(after.events).toHaveLength(0);
    const log = logs.join("\n");
    expect(log).toContain("payment: refused paymob a notification with a mismatched HMAC");
    expect(log).toContain("payment: refused paymob a notification with a missing HMAC");
    expect(log).toContain(`for order ${out.panierCode} with amount`);
    expect(log).toContain(`for order ${out.panierCode} with currency USD`);
    expect(log).not.toContain(HMAC_SECRET);
    expect(log).not.toContain(good.hmac);
    // The genuine callback still settles.
    expect(await outcome(await notify(good))).toBe("settled");
  });

  it("refuses a way back whose HMAC does not hold", async () => {
    const { ref } = await placedWithPaymob();
    const declined: FakePaymobTransaction = paymob.transact(ref, false);
    const location = new URL(paymob.redirection(declined));
    location.searchParams.set("success", "true");
    expect((await back(location.toString())).status).toBe(400);
    location.searchParams.delete("hmac");
    expect((await back(location.toString())).status).toBe(400);
  });

  it("refunds at Paymob when the operator marks a Paymob-paid order refunded, and writes Paymob's answer", async () => {
    await stock(store, 1);
    const { out, ref } = await placedWithPaymob([{ id: STOCKED, qty: 1 }]);
    const transaction = paymob.transact(ref);
    expect(await outcome(await notify(paymob.callback(transaction)))).toBe("settled");
    const admin = await signIn(store);

    paymob.failRefundWith = 503;
    const refused = await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, {});
    expect(refused.status).toBe(502);
    expect((await settlement(store, out.panierCode)).order.status).toBe("delivered");
    expect(logs.join("\n")).toContain(`payment: paymob could not refund order ${out.panierCode} (HTTP 503`);

    paymob.failRefundWith = null;
    const res = await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, { note: "asked by mail" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "refunded", paymentProvider: "paymob" });
    const after = await settlement(store, out.panierCode);
    expect(paymob.refundRequests).toEqual([
      { transaction_id: transaction.id, amount_cents: after.order.total },
      { transaction_id: transaction.id, amount_cents: after.order.total },
    ]);
    expect(paymob.transactions.get(transaction.id)).toMatchObject({
      is_refunded: true,
      refunded_amount_cents: after.order.total,
    });
    const entry = (
      await store.query((db, t) => db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, after.order.id)))
    ).find((e) => e.action === "refunded");
    expect(entry?.detail).toMatch(/Refunded at Paymob: refund \d+, .*succeeded: asked by mail$/);
    expect(after.soldCodes).toBe(0);
    // Paymob then sends the refunded payment's callback (and the refund transaction's): nothing more to do, and the
    // operator, who asked for it, is not told.
    await paymob.delivered();
    const told = (await settlement(store, out.panierCode)).events.filter((e) => e.type === "transaction.refunded");
    expect(told).toMatchObject([{ outcome: "not_pending" }]);
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(0);
    expect((await historyOf(store, after.order.id)).filter((e) => e.action === "refunded")).toHaveLength(1);
    // Pressed again: refused, and Paymob is not asked again.
    expect((await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, {})).status).toBe(409);
    expect(paymob.refundRequests).toHaveLength(2);
    expect(logs.join("\n")).not.toContain(SECRET_KEY);
  });

  it("follows a full refund made at Paymob: codes revoked, history, the operator told, once", async () => {
    await stock(store, 1);
    const { out, ref } = await placedWithPaymob([{ id: STOCKED, qty: 1 }]);
    const transaction = paymob.transact(ref);
    expect(await outcome(await notify(paymob.callback(transaction)))).toBe("settled");
    // Refunded in Paymob's dashboard: Paymob sends the payment's processed callback again, now refunded.
    const refunded = paymob.callback(transaction, {
      is_refunded: true,
      refunded_amount_cents: transaction.amount_cents,
    });
    expect(await outcome(await notify(refunded))).toBe("refunded");
    expect(await outcome(await notify(refunded))).toBe("duplicate");
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("refunded");
    const codes = await store.query((db, t) => db.select().from(t.codes).where(eq(t.codes.orderId, after.order.id)));
    expect(codes.map((c) => c.status)).toEqual(["revoked"]);
    const entries = (await historyOf(store, after.order.id)).filter((e) => e.action === "refunded");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "provider:paymob", fromStatus: "delivered", toStatus: "refunded" });
    expect(entries[0]?.detail).toContain("Refunded at Paymob: a full refund of");
    const alerts = await operatorAlertsOf(store, PAYMENT_REVERSED_KIND);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.summary).toContain("a full refund");
    // A forged refund (the right fields, the wrong secret) changes nothing.
    const forged = paymob.callback(transaction, { is_refunded: true, refunded_amount_cents: 1 }, "another-secret");
    expect((await notify(forged)).status).toBe(400);
  });

  it("writes a partial refund at Paymob in the history and keeps the codes; a void refunds the order", async () => {
    await stock(store, 2);
    const first = await placedWithPaymob([{ id: STOCKED, qty: 1 }]);
    const paid = paymob.transact(first.ref);
    expect(await outcome(await notify(paymob.callback(paid)))).toBe("settled");
    const part = paymob.callback(paid, { is_refunded: true, refunded_amount_cents: 100 });
    expect(await outcome(await notify(part))).toBe("partially_refunded");
    const after = await settlement(store, first.out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.soldCodes).toBe(1);
    const note = (await historyOf(store, after.order.id)).find((e) => e.action === "payment_note");
    expect(note?.detail).toContain("a partial refund of");
    // The rest refunded later: a new total, so a new event, and now the whole payment.
    const rest = paymob.callback(paid, { is_refunded: true, refunded_amount_cents: paid.amount_cents });
    expect(await outcome(await notify(rest))).toBe("refunded");

    const second = await placedWithPaymob([{ id: STOCKED, qty: 1 }]);
    const other = paymob.transact(second.ref);
    expect(await outcome(await notify(paymob.callback(other)))).toBe("settled");
    expect(await outcome(await notify(paymob.callback(other, { is_voided: true })))).toBe("refunded");
    expect((await settlement(store, second.out.panierCode)).order.status).toBe("refunded");
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(3);
  });

  it("answers 502 with a code and cancels the order when Paymob refuses the intention", async () => {
    paymob.failCreateWith = 500;
    const res = await checkout(store, checkoutBody({ currency: "EGP", paymentMethod: "paymob" }));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: PAYMENT_ERROR_CODES.unavailable });
    const orders = await store.query((db, t) => db.select().from(t.orders));
    expect(orders.map((o) => o.status)).toEqual(["cancelled"]);
  });
});
