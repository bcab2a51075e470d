/** Online payments against the fake providers (docs/decisions.md D11), on SQLite and (TEST_DATABASE=postgres)
 * PostgreSQL: checkout creates the payment and answers its page; a notification is checked with the provider
 * (Konnect) or by its signature (Stripe) and against the order; the same notification 100 times, at once or
 * one after the other, settles once and mails once; tampered notifications are refused and deliver nothing.
 * Konnect is asked to notify the store itself (silentWebhook), so the shopper comes back to the store's page;
 * its notification route looks up only references the store issued, once at a time, and throttles floods.
 * The same provider payment told again is a duplicate, answered quietly; another payment for an order no longer
 * awaiting one is recorded as unmatched and the operator told once. Refunds and disputes Stripe reports reach the
 * order and its codes through the operator's refund, once per event, and the operator is mailed. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { PAYMENT_ERROR_CODES, unmatchedPaymentsSchema } from "@store/shared/schemas/payments";
import type { TestStore } from "../../test/harness.ts";
import { signIn } from "../../test/admin-session.ts";
import {
  captureLogs,
  checkout,
  expectDeliveredOnce,
  closeStore,
  KONNECT_KEY,
  OPERATOR,
  placed,
  settlement,
  stock,
  STOCKED,
  STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET,
  storeOnKonnect,
  storeOnStripe,
  stripeWebhook,
  unmatchedRows,
  operatorAlertsOf,
  historyOf,
} from "../../test/payments-test-kit.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import type { FakeKonnect } from "../../test/fake-konnect.ts";
import type { FakeStripe } from "../../test/fake-stripe.ts";
import { PAYMENT_REVERSED_KIND, PAYMENT_UNMATCHED_KIND } from "./payment-mails.ts";
import Stripe from "stripe";

describe("payments with Konnect", () => {
  let store: TestStore;
  let konnect: FakeKonnect;
  let logs: string[];
  beforeEach(async () => {
    ({ store, konnect } = await storeOnKonnect(undefined, { TRUST_PROXY: "yes", OPERATOR_EMAIL: OPERATOR }));
    logs = captureLogs();
  });
  afterEach(() => closeStore(store, konnect));

  const notify = (ref: string, from?: string) =>
    store.app.request(
      `/api/payments/konnect/webhook?payment_ref=${ref}`,
      from ? { headers: { "X-Forwarded-For": from } } : {},
    );
  /** The shopper presses Pay on Konnect's page: where Konnect sends their browser next. */
  const pay = async (ref: string) => {
    const res = await fetch(`${konnect.url}/pay/${ref}/pay`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    return res.headers.get("Location") ?? "";
  };
  const outcomes = (responses: Response[]) =>
    Promise.all(responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome));

  it("says which currencies it takes", async () => {
    const res = await store.app.request("/api/payments/options");
    expect(await res.json()).toEqual({ methods: [{ method: "konnect", currencies: ["TND", "EUR", "USD"] }] });
  });

  it("creates the payment at checkout, and settles only once Konnect says it is completed", async () => {
    const out = await placed(store, checkoutBody({ currency: "TND" }));
    const { order } = await settlement(store, out.panierCode);
    expect(out).toMatchObject({
      requiresPayment: true,
      paymentLink: `${konnect.url}/pay?payment_ref=${order.paymentRef}`,
    });
    expect(order).toMatchObject({
      status: "pending_payment",
      paymentProvider: "konnect",
      paymentLink: out.paymentLink,
    });
    // What Konnect was asked: millimes, the order's code, our webhook and return pages, the order's lifespan.
    expect(konnect.initRequests[0]).toMatchObject({
      receiverWalletId: "wallet-store",
      token: "TND",
      amount: order.total,
      type: "immediate",
      orderId: out.panierCode,
      lifespan: 60,
      email: "amira@example.com",
      firstName: "Amira",
      webhook: "http://store.test/api/payments/konnect/webhook",
      silentWebhook: true,
      successUrl: `http://store.test/order-success?code=${out.panierCode}&payment=return`,
      failUrl: `http://store.test/order-success?code=${out.panierCode}&payment=cancelled`,
    });
    expect(order.total % 10).toBe(0); // TND prices are whole millimes of a 3-decimal currency
    const ref = order.paymentRef ?? "";

    // A notification before payment (or for a failed one) changes nothing.
    expect(await (await notify(ref)).json()).toMatchObject({ outcome: "not_paid" });
    // Coming back to the success page is not a payment.
    await store.app.request(`/order-success?code=${out.panierCode}&payment=return`);
    expect((await settlement(store, out.panierCode)).order.status).toBe("pending_payment");

    konnect.complete(ref);
    const res = await notify(ref);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "settled", order: out.panierCode });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("paid");
    expect(after.paidMails).toBe(1);
    expect(after.events).toMatchObject([
      { provider: "konnect", eventId: ref, amount: order.total, currency: "TND", outcome: "settled" },
    ]);
    // The order's history names who confirmed the payment.
    const history = await store.query((db, t) =>
      db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id)),
    );
    expect(history.filter((e) => e.toStatus === "paid").map((e) => e.actor)).toEqual(["provider:konnect"]);
    expect(logs.join("\n")).not.toContain(KONNECT_KEY);
  });

  it("settles once for the same notification 100 times at once and 100 times in sequence", async () => {
    await stock(store, 3);
    const out = await placed(store, checkoutBody({ currency: "TND", items: [{ id: STOCKED, qty: 1 }] }));
    const ref = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    konnect.complete(ref);
    const concurrent = await Promise.all(Array.from({ length: 100 }, () => notify(ref)));
    const answers = await outcomes(concurrent);
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((o) => o === "settled")).toHaveLength(1);
    expect(answers.filter((o) => o === "duplicate")).toHaveLength(99);
    for (let i = 0; i < 100; i++) {
      const r = await notify(ref);
      expect(await r.json()).toMatchObject({ outcome: "duplicate" });
    }
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.deliveryMails).toBe(1);
    expect(after.soldCodes).toBe(1);
    expect(after.events).toHaveLength(1);
    // Konnect was asked once: the settled order's later notifications are answered from the store's own record.
    expect(konnect.lookups).toEqual([ref]);
  }, 60_000);

  it("sends silentWebhook: Konnect notifies the store itself and the shopper comes back to the store's page", async () => {
    await stock(store, 2);
    const out = await placed(store, checkoutBody({ currency: "TND", items: [{ id: STOCKED, qty: 1 }] }));
    const ref = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    expect(konnect.initRequests[0]?.silentWebhook).toBe(true);
    const next = await pay(ref);
    // Without silentWebhook Konnect would send the browser to the webhook, and the shopper would read its JSON.
    expect(next).toBe(`http://store.test/order-success?code=${out.panierCode}&payment=return&payment_ref=${ref}`);
    expect(next).not.toContain("/api/payments/");
    expect(konnect.webhookCalls).toEqual([`http://store.test/api/payments/konnect/webhook?payment_ref=${ref}`]);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.deliveryMails).toBe(1);
    expect(konnect.lookups).toEqual([ref]);
  });

  it("looks up no reference the store did not issue: 100 made-up ones, no call to Konnect", async () => {
    const made = Array.from({ length: 100 }, (_, i) =>
      (i.toString(16).padStart(4, "0") + "ab".repeat(10)).slice(0, 24),
    );
    const answers = await Promise.all(made.map((ref) => notify(ref)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(await outcomes(answers))).toEqual(new Set(["ignored"]));
    expect(konnect.lookups).toHaveLength(0);
  });

  it("answers 20 simultaneous notifications for one payment with one lookup and one delivery", async () => {
    await stock(store, 3);
    const out = await placed(store, checkoutBody({ currency: "TND", items: [{ id: STOCKED, qty: 1 }] }));
    const ref = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    konnect.complete(ref);
    const answers = await outcomes(await Promise.all(Array.from({ length: 20 }, () => notify(ref))));
    expect(answers.filter((o) => o === "settled")).toHaveLength(1);
    expect(answers.filter((o) => o === "duplicate")).toHaveLength(19);
    expect(konnect.lookups).toEqual([ref]);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.deliveryMails).toBe(1);
    expect(after.soldCodes).toBe(1);
  });

  it("records money Konnect took for a cancelled order as unmatched, once, and tells the operator", async () => {
    const out = await placed(store, checkoutBody({ currency: "TND" }));
    const { order } = await settlement(store, out.panierCode);
    const ref = order.paymentRef ?? "";
    // Not paid yet: nothing recorded.
    await store.services.orders.cancel(out.panierCode, { username: "admin", note: "test" });
    expect(await (await notify(ref)).json()).toMatchObject({ outcome: "not_paid" });
    konnect.complete(ref);
    expect(await (await notify(ref)).json()).toMatchObject({ outcome: "unmatched", order: out.panierCode });
    for (let i = 0; i < 3; i++) expect(await (await notify(ref)).json()).toMatchObject({ outcome: "duplicate" });
    // Looked up while unpaid and once paid; afterwards answered from the store's record.
    expect(konnect.lookups).toEqual([ref, ref]);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("cancelled");
    expect(after.paidMails).toBe(0);
    expect(await unmatchedRows(store)).toMatchObject([
      {
        provider: "konnect",
        paymentRef: ref,
        orderCode: out.panierCode,
        amount: order.total,
        currency: "TND",
        orderStatus: "cancelled",
      },
    ]);
    expect(await operatorAlertsOf(store, PAYMENT_UNMATCHED_KIND)).toHaveLength(1);
    expect(logs.join("\n")).toContain(
      `for order ${out.panierCode}, which no longer awaits payment: recorded as unmatched`,
    );
  });

  it("throttles an address that floods the notification route, and only that address", async () => {
    const out = await placed(store, checkoutBody({ currency: "TND" }));
    const ref = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    konnect.complete(ref);
    const flood = await Promise.all(
      Array.from({ length: 310 }, (_, i) => notify(`${i}`.padStart(24, "f"), "203.0.113.7")),
    );
    expect(flood.filter((r) => r.status === 200)).toHaveLength(300);
    const refused = flood.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Even the real payment is refused from the flooding address, and nothing reached Konnect.
    expect((await notify(ref, "203.0.113.7")).status).toBe(429);
    expect(konnect.lookups).toHaveLength(0);
    // Konnect, from its own address, still settles the order.
    expect(await (await notify(ref, "198.51.100.9")).json()).toMatchObject({ outcome: "settled" });
  }, 60_000);

  it("refuses tampered or unknown notifications and delivers nothing", async () => {
    const out = await placed(store, checkoutBody({ currency: "TND" }));
    const { order } = await settlement(store, out.panierCode);
    const ref = order.paymentRef ?? "";
    const payment = konnect.complete(ref);

    payment.amount = order.total - 1000;
    expect((await notify(ref)).status).toBe(400);
    payment.amount = order.total;
    payment.token = "EUR";
    expect((await notify(ref)).status).toBe(400);
    payment.token = "TND";
    payment.orderId = "PNR-00000000";
    expect((await notify(ref)).status).toBe(404);
    payment.orderId = out.panierCode;
    // A reference the store never issued: a neutral answer, and Konnect is not asked.
    const lookups = konnect.lookups.length;
    const unknown = await notify("0123456789abcdef01234567");
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ outcome: "ignored" });
    expect(konnect.lookups).toHaveLength(lookups);
    expect((await notify("../../admin")).status).toBe(400);
    expect((await store.app.request("/api/payments/konnect/webhook")).status).toBe(400);
    // Another of Konnect's payments, completed, naming this order: not the order's payment.
    const other = await placed(store, checkoutBody({ currency: "TND" }));
    const otherRef = (await settlement(store, other.panierCode)).order.paymentRef ?? "";
    konnect.complete(otherRef).orderId = out.panierCode;
    expect((await notify(otherRef)).status).toBe(404);

    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("pending_payment");
    expect(after.paidMails).toBe(0);
    expect(after.events).toHaveLength(0);
    const log = logs.join("\n");
    expect(log).toContain(`payment: refused konnect a payment ${ref} for order ${out.panierCode} with amount`);
    expect(log).toContain("with currency EUR instead of TND");
    expect(log).not.toContain(KONNECT_KEY);

    // The untampered notification still settles.
    expect(await (await notify(ref)).json()).toMatchObject({ outcome: "settled" });
  });

  it("marks a Konnect-paid order refunded without moving money: the operator refunds at Konnect by hand", async () => {
    await stock(store, 1);
    const out = await placed(store, checkoutBody({ currency: "TND", items: [{ id: STOCKED, qty: 1 }] }));
    const ref = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    konnect.complete(ref);
    expect(await (await notify(ref)).json()).toMatchObject({ outcome: "settled" });
    const admin = await signIn(store);
    const res = await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "refunded", paymentProvider: "konnect" });
    const entry = (await store.query((db, t) => db.select().from(t.orderEvents))).find((e) => e.action === "refunded");
    expect(entry?.detail).toMatch(/^1 code\(s\) revoked \(already delivered: \S+\)$/);
    expect(entry?.detail).not.toContain("Konnect");
  });

  it("says so at checkout when the currency cannot be paid online, before any order exists", async () => {
    const res = await checkout(store, checkoutBody({ currency: "EGP" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: PAYMENT_ERROR_CODES.currencyNotPayable, currency: "EGP" });
    expect((await store.query((db, t) => db.select({ n: count() }).from(t.orders)))[0]?.n).toBe(0);
    expect(konnect.initRequests).toHaveLength(0);
  });

  it("answers 502 with a code and cancels the order when Konnect fails, also on a replay", async () => {
    konnect.failInitWith = 503;
    const res = await checkout(store, checkoutBody({ currency: "TND" }), "retry-key-1");
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: PAYMENT_ERROR_CODES.unavailable });
    const orders = await store.query((db, t) => db.select().from(t.orders));
    expect(orders).toMatchObject([{ status: "cancelled", paymentRef: null, paymentLink: null }]);
    const history = await store.query((db, t) => db.select().from(t.orderEvents));
    expect(history.filter((e) => e.toStatus === "cancelled").map((e) => e.actor)).toEqual(["provider:konnect"]);
    expect(logs.join("\n")).toMatch(/konnect could not create the payment of order PNR-\w+ \(HTTP 503/);
    konnect.failInitWith = null;
    const replay = await checkout(store, checkoutBody({ currency: "TND" }), "retry-key-1");
    expect(replay.status).toBe(502);
    expect(konnect.payments.size).toBe(0);
  });

  it("answers the same payment page to a replayed checkout", async () => {
    const first = await checkout(store, checkoutBody({ currency: "TND" }), "same-key");
    const again = await checkout(store, checkoutBody({ currency: "TND" }), "same-key");
    const [a, b] = [checkoutResponseSchema.parse(await first.json()), checkoutResponseSchema.parse(await again.json())];
    expect(b.paymentLink).toBe(a.paymentLink);
    expect(b.requiresPayment).toBe(true);
    expect(konnect.payments.size).toBe(1);
  });
});

describe("payments with Stripe", () => {
  let store: TestStore;
  let stripe: FakeStripe;
  let logs: string[];
  beforeEach(async () => {
    ({ store, stripe } = await storeOnStripe(undefined, { OPERATOR_EMAIL: OPERATOR }));
    logs = captureLogs();
  });
  afterEach(() => closeStore(store, stripe));

  const send = (body: string, signature?: string) => stripeWebhook(store)(body, signature);

  async function placedSession(currency: "USD" | "EUR" | "EGP" = "USD") {
    const out = await placed(store, checkoutBody({ currency }));
    const { order } = await settlement(store, out.panierCode);
    return { out, order, sessionId: order.paymentRef ?? "" };
  }

  it("says which currencies it takes", async () => {
    const res = await store.app.request("/api/payments/options");
    expect(await res.json()).toEqual({ methods: [{ method: "stripe", currencies: ["USD", "EUR", "EGP"] }] });
  });

  it("creates a Checkout Session at checkout and settles on the signed completed event", async () => {
    const before = Date.now();
    const { out, order, sessionId } = await placedSession("EUR");
    expect(out).toMatchObject({ requiresPayment: true, paymentLink: `${stripe.url}/c/pay/${sessionId}` });
    expect(order.paymentProvider).toBe("stripe");
    const form = stripe.sessionRequests[0];
    expect(Object.fromEntries(form ?? [])).toMatchObject({
      mode: "payment",
      client_reference_id: out.panierCode,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": String(order.total),
      success_url: `http://store.test/order-success?code=${out.panierCode}&payment=return`,
      cancel_url: `http://store.test/order-success?code=${out.panierCode}&payment=cancelled`,
    });
    const expiresAt = Number(form?.get("expires_at")) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 59 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 61 * 60_000);

    // Completed but not paid yet (a delayed method): nothing; the later async success settles.
    const unpaid = stripe.event(sessionId);
    expect(await (await send(unpaid.body, unpaid.signature)).json()).toMatchObject({ outcome: "not_paid" });
    expect((await settlement(store, out.panierCode)).order.status).toBe("pending_payment");
    stripe.markPaid(sessionId);
    const succeeded = stripe.event(sessionId, "checkout.session.async_payment_succeeded");
    const res = await send(succeeded.body, succeeded.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "settled", order: out.panierCode });
    // Another event for the same payment (completed, after the async success): a duplicate, answered quietly.
    const completed = stripe.event(sessionId);
    expect(await (await send(completed.body, completed.signature)).json()).toMatchObject({ outcome: "duplicate" });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("paid");
    expect(after.paidMails).toBe(1);
    expect(after.events.map((e) => e.outcome).sort()).toEqual(["duplicate", "settled"]);
    expect(new Set(after.events.map((e) => e.paymentRef))).toEqual(
      new Set([stripe.sessions.get(sessionId)?.payment_intent]),
    );
    expect(await unmatchedRows(store)).toHaveLength(0);
    expect(await operatorAlertsOf(store, PAYMENT_UNMATCHED_KIND)).toHaveLength(0);
    expect(logs.join("\n")).not.toContain("unmatched");
    expect(logs.join("\n")).not.toContain(STRIPE_KEY);
    expect(logs.join("\n")).not.toContain(STRIPE_WEBHOOK_SECRET);
  });

  it("ignores other event types", async () => {
    const { sessionId } = await placedSession();
    const expired = stripe.event(sessionId, "checkout.session.expired");
    expect(await (await send(expired.body, expired.signature)).json()).toMatchObject({ outcome: "ignored" });
  });

  it("settles once for the same event 100 times at once and 100 times in sequence", async () => {
    await stock(store, 3);
    const out = await placed(store, checkoutBody({ items: [{ id: STOCKED, qty: 2 }] }));
    const sessionId = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    stripe.markPaid(sessionId);
    const { body, signature } = stripe.event(sessionId);
    const concurrent = await Promise.all(Array.from({ length: 100 }, () => send(body, signature)));
    const outcomes = await Promise.all(concurrent.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === "settled")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(99);
    for (let i = 0; i < 100; i++)
      expect(await (await send(body, signature)).json()).toMatchObject({ outcome: "duplicate" });
    await expectDeliveredOnce(store, out.panierCode, 2);
  }, 60_000);

  it("refuses bad, stale, missing or replaced signatures and tampered events, delivering nothing", async () => {
    const { out, order, sessionId } = await placedSession();
    stripe.markPaid(sessionId);
    const good = stripe.event(sessionId);
    const refusals: [string, Response][] = [
      ["other secret", await send(good.body, otherSecret(good.body))],
      ["stale", await send(...signedAt(stripe, sessionId, Date.now() - 301_000))],
      ["missing", await send(good.body)],
      ["malformed", await send(good.body, `v1=${"0".repeat(64)}`)],
      ["unreadable time", await send(good.body, "t=abc,v1=xyz")],
      [
        "body changed after signing",
        await send(good.body.replace(`"amount_total":${order.total}`, '"amount_total":1'), good.signature),
      ],
      ["other amount, signed", await send(...signedPatch(stripe, sessionId, { amount_total: order.total - 100 }))],
      ["other currency, signed", await send(...signedPatch(stripe, sessionId, { currency: "eur" }))],
    ];
    for (const [what, res] of refusals) expect(res.status, what).toBe(400);
    const unknown = [
      await send(...signedPatch(stripe, sessionId, { client_reference_id: "PNR-00000000" })),
      await send(...signedPatch(stripe, sessionId, { id: "cs_test_someone_else" })),
    ];
    for (const res of unknown) expect(res.status).toBe(404);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("pending_payment");
    expect(after.paidMails).toBe(0);
    expect(after.events).toHaveLength(0);
    const log = logs.join("\n");
    for (const reason of ["mismatch", "stale", "missing", "malformed"])
      expect(log).toContain(`payment: refused stripe a notification with a ${reason} signature`);
    expect(log).toContain("with amount");
    expect(log).not.toContain(STRIPE_WEBHOOK_SECRET);
    expect(log).not.toContain(good.signature);
    // The genuine event still settles.
    expect(await (await send(good.body, good.signature)).json()).toMatchObject({ outcome: "settled" });
  });

  it("records a second, different payment for a paid order as unmatched, once, and tells the operator", async () => {
    const { out, order, sessionId } = await placedSession();
    stripe.markPaid(sessionId);
    const first = stripe.event(sessionId);
    expect(await (await send(first.body, first.signature)).json()).toMatchObject({ outcome: "settled" });
    // Stripe sends the same event again: the same payment, quietly.
    expect(await (await send(first.body, first.signature)).json()).toMatchObject({ outcome: "duplicate" });
    const other = signedPatch(stripe, sessionId, { payment_intent: "pi_test_second_payment" });
    expect(await (await send(...other)).json()).toMatchObject({ outcome: "unmatched", order: out.panierCode });
    expect(await (await send(...other)).json()).toMatchObject({ outcome: "duplicate" });
    // The same second payment in another event: still one record, one mail.
    expect(
      await (await send(...signedPatch(stripe, sessionId, { payment_intent: "pi_test_second_payment" }))).json(),
    ).toMatchObject({ outcome: "duplicate" });
    expect(await unmatchedRows(store)).toMatchObject([
      {
        provider: "stripe",
        paymentRef: "pi_test_second_payment",
        orderCode: out.panierCode,
        amount: order.total,
        currency: "USD",
        orderStatus: "paid",
      },
    ]);
    const mails = await operatorAlertsOf(store, PAYMENT_UNMATCHED_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.summary).toContain(out.panierCode);
    expect((await settlement(store, out.panierCode)).paidMails).toBe(1);
    expect(logs.filter((l) => l.includes("recorded as unmatched"))).toHaveLength(1);
  });

  it("records a payment for a cancelled order as unmatched, leaves the order cancelled and lists it", async () => {
    const { out, order, sessionId } = await placedSession("EUR");
    await store.services.orders.cancel(out.panierCode, { username: "admin" });
    stripe.markPaid(sessionId);
    const { body, signature } = stripe.event(sessionId);
    expect(await (await send(body, signature)).json()).toMatchObject({ outcome: "unmatched" });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("cancelled");
    expect(after.deliveryMails + after.paidMails).toBe(0);
    expect(await unmatchedRows(store)).toMatchObject([{ orderStatus: "cancelled", currency: "EUR" }]);
    // The console lists it to a signed-in operator, and to no one else.
    expect((await store.app.request("/api/admin/payments/unmatched")).status).toBe(401);
    const admin = await signIn(store);
    const res = await admin.request("GET", "/api/admin/payments/unmatched");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const list = unmatchedPaymentsSchema.parse(await res.json());
    expect(list.payments).toMatchObject([
      {
        provider: "stripe",
        paymentRef: stripe.sessions.get(sessionId)?.payment_intent,
        orderCode: out.panierCode,
        amount: order.total,
        currency: "EUR",
        orderStatus: "cancelled",
      },
    ]);
  });

  /** A delivered order of `qty` stocked codes, paid through Stripe. */
  async function delivered(qty = 2, codes = 3) {
    await stock(store, codes);
    const out = await placed(store, checkoutBody({ items: [{ id: STOCKED, qty }] }));
    const sessionId = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    stripe.markPaid(sessionId);
    const paid = stripe.event(sessionId);
    expect(await (await send(paid.body, paid.signature)).json()).toMatchObject({ outcome: "settled" });
    return { out, sessionId };
  }

  const history = (orderId: string) => historyOf(store, orderId);

  it("follows a full refund made at Stripe: codes revoked, history, the operator mailed, once", async () => {
    const { out, sessionId } = await delivered(2);
    expect((await settlement(store, out.panierCode)).order.status).toBe("delivered");
    const refund = stripe.refundEvent(sessionId);
    const charge = JSON.parse(refund.body) as { data: { object: Record<string, unknown> } };
    expect(charge.data.object).toMatchObject({ object: "charge", refunded: true, amount_refunded: expect.any(Number) });
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({
      outcome: "refunded",
      order: out.panierCode,
    });
    // Stripe sends it again: one effect.
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({ outcome: "duplicate" });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("refunded");
    const codes = await store.query((db, t) => db.select().from(t.codes).where(eq(t.codes.orderId, after.order.id)));
    expect(codes.map((c) => c.status)).toEqual(["revoked", "revoked"]);
    const entries = (await history(after.order.id)).filter((e) => e.action === "refunded");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "provider:stripe", fromStatus: "delivered", toStatus: "refunded" });
    // The delivered codes are named masked, as already in the shopper's hands; never in clear.
    expect(entries[0]?.detail).toMatch(/^2 code\(s\) revoked \(already delivered: \S+, \S+\): Refunded at Stripe/);
    expect(entries[0]?.detail).not.toContain("PAY-CODE");
    const mails = await operatorAlertsOf(store, PAYMENT_REVERSED_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.summary).toContain("a full refund");
    expect(mails[0]?.summary).not.toContain("PAY-CODE");
    expect(logs.join("\n")).not.toContain("PAY-CODE");
  });

  it("gives back to stock the codes a refunded order was never sent", async () => {
    // A code from stock and a line the operator fulfils by hand: paid, the code held until the operator sends both.
    await stock(store, 1);
    const items = [
      { id: STOCKED, qty: 1 },
      { id: "psn-10-us", qty: 1 },
    ];
    const out = await placed(store, checkoutBody({ items }));
    const sessionId = (await settlement(store, out.panierCode)).order.paymentRef ?? "";
    stripe.markPaid(sessionId);
    await send(...signedAt(stripe, sessionId, Date.now()));
    expect((await settlement(store, out.panierCode)).order.status).toBe("paid");
    const refund = stripe.refundEvent(sessionId);
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({ outcome: "refunded" });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("refunded");
    const available = await store.query((db, t) =>
      db
        .select()
        .from(t.codes)
        .where(and(eq(t.codes.productId, STOCKED), eq(t.codes.status, "available"))),
    );
    expect(available).toHaveLength(1);
    const entry = (await history(after.order.id)).find((e) => e.action === "refunded");
    expect(entry?.detail).toMatch(/^0 code\(s\) revoked, 1 never sent back to stock/);
  });

  it("follows a dispute: the order refunded and marked disputed, codes revoked, the operator mailed, once", async () => {
    const { out, sessionId } = await delivered(1);
    const dispute = stripe.disputeEvent(sessionId, "fraudulent");
    const object = (JSON.parse(dispute.body) as { data: { object: Record<string, unknown> } }).data.object;
    expect(object).toMatchObject({
      object: "dispute",
      charge: stripe.chargeFor(sessionId).id,
      payment_intent: stripe.sessions.get(sessionId)?.payment_intent,
      reason: "fraudulent",
      status: "needs_response",
    });
    expect(await (await send(dispute.body, dispute.signature)).json()).toMatchObject({ outcome: "disputed" });
    expect(await (await send(dispute.body, dispute.signature)).json()).toMatchObject({ outcome: "duplicate" });
    const after = await settlement(store, out.panierCode);
    expect(after.order).toMatchObject({ status: "refunded", disputedAt: expect.any(Number) });
    const entries = (await history(after.order.id)).filter((e) => e.action === "disputed");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toContain("reason: fraudulent");
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(1);
    // A refund that follows the dispute changes nothing more, and says so in the history.
    const refund = stripe.refundEvent(sessionId);
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({ outcome: "not_pending" });
    expect((await history(after.order.id)).filter((e) => e.action === "payment_note")).toHaveLength(1);
  });

  it("writes a partial refund in the history and keeps the order's codes", async () => {
    const { out, sessionId } = await delivered(1);
    const refund = stripe.refundEvent(sessionId, 100);
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({
      outcome: "partially_refunded",
    });
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.soldCodes).toBe(1);
    const note = (await history(after.order.id)).find((e) => e.action === "payment_note");
    expect(note?.detail).toContain("a partial refund of");
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(1);
  });

  it("ignores a refund or dispute for a payment none of its orders holds", async () => {
    const { sessionId } = await placedSession();
    stripe.markPaid(sessionId);
    const refund = stripe.refundEvent(sessionId);
    expect(await (await send(refund.body, refund.signature)).json()).toMatchObject({ outcome: "ignored" });
    const forged = stripe.refundEvent(sessionId);
    expect((await send(forged.body, otherSecret(forged.body))).status).toBe(400);
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(0);
  });

  it("refunds at Stripe when the operator marks a Stripe-paid order refunded, and writes Stripe's answer", async () => {
    stripe.deliver = async (event) => send(event.body, event.signature);
    // Stripe's notification of the refund comes after its answer: held until the test sends it.
    stripe.afterActions.delayMs = 60_000;
    const { out, sessionId } = await delivered(1);
    const admin = await signIn(store);
    const res = await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, { note: "asked by mail" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "refunded", paymentProvider: "stripe" });
    const pi = stripe.sessions.get(sessionId)?.payment_intent;
    expect(Object.fromEntries(stripe.refundRequests[0] ?? [])).toMatchObject({ payment_intent: pi });
    expect(stripe.refunds).toMatchObject([{ payment_intent: pi, status: "succeeded" }]);
    const refund = stripe.refunds[0];
    const after = await settlement(store, out.panierCode);
    expect(refund?.amount).toBe(after.order.total);
    expect(stripe.chargeFor(sessionId)).toMatchObject({ refunded: true, amount_refunded: after.order.total });
    const entry = (await history(after.order.id)).find((e) => e.action === "refunded");
    expect(entry).toMatchObject({ actor: "admin", toStatus: "refunded" });
    expect(entry?.detail).toContain(`Refunded at Stripe: refund ${refund?.id}`);
    expect(entry?.detail).toContain("succeeded: asked by mail");
    // Stripe then tells the webhook of that refund: the order is already refunded, and the operator is not mailed.
    await stripe.delivered();
    const events = (await settlement(store, out.panierCode)).events.filter((e) => e.type === "charge.refunded");
    expect(events).toMatchObject([{ outcome: "not_pending" }]);
    expect(await operatorAlertsOf(store, PAYMENT_REVERSED_KIND)).toHaveLength(0);
    // Pressed again: refused, and Stripe is not asked twice.
    expect((await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, {})).status).toBe(409);
    expect(stripe.refundRequests).toHaveLength(1);
    expect(logs.join("\n")).not.toContain(STRIPE_KEY);
  });

  it("leaves the order unchanged when Stripe refuses the refund", async () => {
    const { out } = await delivered(1);
    stripe.failRefundWith = 500;
    const admin = await signIn(store);
    const res = await admin.request("POST", `/api/admin/orders/${out.panierCode}/refund`, {});
    expect(res.status).toBe(502);
    const after = await settlement(store, out.panierCode);
    expect(after.order.status).toBe("delivered");
    expect(after.soldCodes).toBe(1);
    expect(logs.join("\n")).toContain(`payment: stripe could not refund order ${out.panierCode} (HTTP 500`);
  });

  it("says so at checkout for TND, which Stripe does not present, before any order exists", async () => {
    const res = await checkout(store, checkoutBody({ currency: "TND" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: PAYMENT_ERROR_CODES.currencyNotPayable,
      currencies: ["USD", "EUR", "EGP"],
    });
    expect((await store.query((db, t) => db.select({ n: count() }).from(t.orders)))[0]?.n).toBe(0);
  });

  it("answers 502 with a code and cancels the order when Stripe fails", async () => {
    stripe.failCreateWith = 500;
    const res = await checkout(store);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: PAYMENT_ERROR_CODES.unavailable });
    expect(await store.query((db, t) => db.select().from(t.orders))).toMatchObject([{ status: "cancelled" }]);
    expect(logs.join("\n")).not.toContain(STRIPE_KEY);
  });
});

/** The header a webhook endpoint with another secret would get. */
function otherSecret(payload: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
}

function signedAt(stripe: FakeStripe, sessionId: string, nowMs: number): [string, string] {
  const { body, signature } = stripe.event(sessionId, "checkout.session.completed", nowMs);
  return [body, signature];
}

function signedPatch(
  stripe: FakeStripe,
  sessionId: string,
  patch: Parameters<FakeStripe["event"]>[3],
): [string, string] {
  const { body, signature } = stripe.event(sessionId, "checkout.session.completed", Date.now(), patch);
  return [body, signature];
}
