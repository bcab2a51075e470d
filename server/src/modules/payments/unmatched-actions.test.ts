/** 'Deliver anyway' and 'Refund' on money no order holds (docs/decisions.md D47), on SQLite and
 * (TEST_DATABASE=postgres) PostgreSQL, against the fake Stripe and Konnect: an order cancelled before its payment
 * landed is delivered through the one settlement path, once, or refused 409 with nothing written when stock is
 * short or the order already holds a payment; Stripe's money is refunded at Stripe (one refund whatever the
 * presses), Konnect's is marked to refund by hand; each lands in the order's history; only a signed-in operator
 * may act. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import { unmatchedActionResultSchema } from "@store/shared/schemas/payments";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { DELIVERY_KIND } from "../orders/order-mails.ts";
import type { FakeKonnect } from "../../test/fake-konnect.ts";
import type { FakeStripe } from "../../test/fake-stripe.ts";
import { captureLogs, closeStore, storeOnKonnect, storeOnStripe } from "../../test/payments-test-kit.ts";

const STRIPE_KEY = "sk_test_unmatched_actions";
const WEBHOOK_SECRET = "whsec_unmatched_actions";
const KONNECT_KEY = "konnect-unmatched:secret";
const PRODUCT = "steam-20";

/** Everything the actions may write about one order, to compare before and after a refusal. */
async function snapshot(store: TestStore, code: string) {
  const [order] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
  if (!order) throw new Error(`no order ${code}`);
  const codes = await store.query((db, t) => db.select().from(t.codes).where(eq(t.codes.orderId, order.id)));
  const history = await store.query((db, t) =>
    db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id)),
  );
  const mails = await store.query((db, t) => db.select().from(t.mailOutbox).where(eq(t.mailOutbox.orderId, order.id)));
  const unmatched = await store.query((db, t) =>
    db.select().from(t.unmatchedPayments).where(eq(t.unmatchedPayments.orderCode, code)),
  );
  return {
    status: order.status,
    held: codes.filter((c) => c.status === "reserved" || c.status === "sold").length,
    sold: codes.filter((c) => c.status === "sold").length,
    history,
    deliveries: mails.filter((m) => m.kind === DELIVERY_KIND).length,
    mails: mails.length,
    unmatched,
  };
}

/** `PRODUCT` sold from stock, with `count` fresh codes. */
async function stockCodes(admin: AdminClient, count: number): Promise<void> {
  const put = await admin.request("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" });
  expect(put.status, await put.clone().text()).toBe(200);
  const text = Array.from({ length: count }, (_, i) => `UNMATCHED-${i}-${Math.random().toString(36).slice(2)}`);
  const res = await admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text: text.join("\n") });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function order(store: TestStore, items = [{ id: PRODUCT, qty: 1 }]) {
  const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ items })));
  expect(res.status, await res.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await res.json()).panierCode;
}

const unmatchedId = async (store: TestStore, code: string) => {
  const rows = await store.query((db, t) =>
    db.select().from(t.unmatchedPayments).where(eq(t.unmatchedPayments.orderCode, code)),
  );
  expect(rows).toHaveLength(1);
  return rows[0]?.id ?? 0;
};

describe("unmatched payments paid through Stripe", () => {
  let store: TestStore;
  let stripe: FakeStripe;
  let admin: AdminClient;
  let logs: string[];
  beforeEach(async () => {
    ({ store, stripe } = await storeOnStripe({ secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET }));
    // Stripe's notifications (its refunds' too) reach the store running in this process.
    stripe.deliver = notify;
    admin = await signIn(store);
    logs = captureLogs();
  });
  afterEach(() => closeStore(store, stripe));

  const notify = async (event: { body: string; signature: string }): Promise<Response> =>
    store.app.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
      body: event.body,
    });

  /** The shopper pays on Stripe's page for `code`, which no longer awaits a payment. */
  async function payLate(code: string): Promise<number> {
    const [row] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
    const session = row?.paymentRef ?? "";
    stripe.markPaid(session);
    const res = await notify(stripe.event(session));
    expect(await res.json()).toMatchObject({ outcome: "unmatched", order: code });
    return unmatchedId(store, code);
  }

  async function cancelledThenPaid(qty = 1): Promise<{ code: string; id: number }> {
    const code = await order(store, [{ id: PRODUCT, qty }]);
    await store.services.orders.cancel(code, { username: "admin" });
    return { code, id: await payLate(code) };
  }

  const deliver = (id: number | string, note?: string) =>
    admin.request("POST", `/api/admin/payments/unmatched/${id}/deliver`, note ? { note } : {});
  const refund = (id: number | string) => admin.request("POST", `/api/admin/payments/unmatched/${id}/refund`, {});

  it("delivers a cancelled order on the money, once, through the usual delivery", async () => {
    await stockCodes(admin, 3);
    const { code, id } = await cancelledThenPaid(2);
    const res = await deliver(id, "customer wrote in");
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = unmatchedActionResultSchema.parse(await res.json());
    expect(answer).toMatchObject({
      orderCode: code,
      orderStatus: "delivered",
      payment: { id, resolution: "delivered", resolvedBy: "admin" },
    });
    const after = await snapshot(store, code);
    expect(after).toMatchObject({ status: "delivered", sold: 2, deliveries: 1 });
    const confirmed = after.history.find((e) => e.action === "payment_confirmed" && e.actor === "admin");
    expect(confirmed).toMatchObject({ fromStatus: "cancelled", toStatus: "paid" });
    expect(confirmed?.detail).toMatch(
      /^Delivered anyway on Stripe payment pi_\w+ of \$[\d.]+, which no order held: customer wrote in$/,
    );
    expect(after.history.map((e) => e.action)).toContain("delivered");
    // The money now holds the order: its event says so, so a later refund at Stripe reaches the order.
    const [event] = await store.query((db, t) =>
      db
        .select()
        .from(t.paymentEvents)
        .where(
          and(
            eq(t.paymentEvents.orderCode, code),
            eq(t.paymentEvents.paymentRef, after.unmatched[0]?.paymentRef ?? ""),
          ),
        ),
    );
    expect(event?.outcome).toBe("settled");

    // Pressed again, or Refund after it: refused, nothing more written, Stripe never asked.
    for (const again of [await deliver(id), await refund(id)]) {
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: ADMIN_ERROR_CODES.unmatchedResolved });
    }
    expect(await snapshot(store, code)).toEqual(after);
    expect(stripe.refundRequests).toHaveLength(0);

    // The console lists it as handled.
    const list = await admin.request("GET", "/api/admin/payments/unmatched");
    expect(await list.json()).toMatchObject({ payments: [{ id, resolution: "delivered", resolvedBy: "admin" }] });
  });

  it("delivers once when two operators press at the same time", async () => {
    await stockCodes(admin, 2);
    const { code, id } = await cancelledThenPaid(1);
    const other = await signIn(store);
    const answers = await Promise.all([
      deliver(id),
      other.request("POST", `/api/admin/payments/unmatched/${id}/deliver`, {}),
      deliver(id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await snapshot(store, code)).toMatchObject({ status: "delivered", sold: 1, deliveries: 1 });
  });

  it("refuses 409 when stock is short, naming the product, and writes nothing", async () => {
    await stockCodes(admin, 2);
    const { code, id } = await cancelledThenPaid(2);
    // Another shopper takes one of the two codes meanwhile.
    await order(store, [{ id: PRODUCT, qty: 1 }]);
    const before = await snapshot(store, code);
    const res = await deliver(id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: ADMIN_ERROR_CODES.deliverNotEnoughStock,
      title: expect.stringContaining("Steam"),
      available: 1,
    });
    expect(await snapshot(store, code)).toEqual(before);
    expect(before).toMatchObject({ status: "cancelled", held: 0, unmatched: [{ resolution: null }] });
    const [available] = await store.query((db, t) =>
      db
        .select()
        .from(t.codes)
        .where(and(eq(t.codes.productId, PRODUCT), eq(t.codes.status, "available"))),
    );
    expect(available).toBeDefined();
  });

  it("refuses to deliver on a second payment for an order that already holds one", async () => {
    await stockCodes(admin, 2);
    const code = await order(store);
    const [row] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
    const session = row?.paymentRef ?? "";
    stripe.markPaid(session);
    expect(await (await notify(stripe.event(session))).json()).toMatchObject({ outcome: "settled" });
    const second = stripe.event(session, "checkout.session.completed", Date.now(), {
      payment_intent: "pi_second_payment",
    });
    const sent = await notify(second);
    expect(await sent.json()).toMatchObject({ outcome: "unmatched" });
    const before = await snapshot(store, code);
    const res = await deliver(await unmatchedId(store, code));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: ADMIN_ERROR_CODES.orderHoldsPayment, orderStatus: "delivered" });
    expect(await snapshot(store, code)).toEqual(before);
  });

  it("refunds the money at Stripe once, keeps the order as it is, and writes it in the history", async () => {
    const { code, id } = await cancelledThenPaid(1);
    stripe.afterActions.delayMs = 60_000;
    const [first, second] = await Promise.all([refund(id), refund(id)]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first?.status === 200 ? first : second;
    const answer = unmatchedActionResultSchema.parse(await ok?.json());
    expect(answer).toMatchObject({ orderCode: code, orderStatus: "cancelled", payment: { resolution: "refunded" } });
    // One refund at Stripe whatever the presses: the same Idempotency-Key for this payment.
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.refunds[0]).toMatchObject({ payment_intent: answer.payment.paymentRef, status: "succeeded" });
    const after = await snapshot(store, code);
    expect(after).toMatchObject({ status: "cancelled", held: 0, mails: 1 });
    const entries = after.history.filter((e) => e.action === "unmatched_refunded");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toContain(`Refunded at Stripe: refund ${stripe.refunds[0]?.id}`);
    // Stripe then tells the webhook of its refund: no order was paid by that money, so nothing changes.
    await stripe.delivered();
    expect(await snapshot(store, code)).toEqual(after);
    expect((await deliver(id)).status).toBe(409);
    expect(logs.join("\n")).not.toContain(STRIPE_KEY);
  });

  it("leaves the payment open when Stripe refuses the refund", async () => {
    const { code, id } = await cancelledThenPaid(1);
    stripe.failRefundWith = 500;
    const before = await snapshot(store, code);
    const res = await refund(id);
    expect(res.status).toBe(502);
    expect(await snapshot(store, code)).toEqual(before);
    expect(before.unmatched[0]?.resolution).toBeNull();
    expect(logs.join("\n")).toContain("payment: stripe could not refund unmatched payment");
    // Stripe is back: the operator tries again and it works.
    stripe.failRefundWith = null;
    expect((await refund(id)).status).toBe(200);
  });

  it("lets only a signed-in operator act, and refuses unknown payments", async () => {
    const { id } = await cancelledThenPaid(1);
    const anonymous = await store.app.request(`/api/admin/payments/unmatched/${id}/deliver`, jsonRequest("POST", {}));
    expect(anonymous.status).toBe(401);
    const noCsrf = await store.app.request(
      `/api/admin/payments/unmatched/${id}/refund`,
      jsonRequest("POST", {}, { Cookie: admin.cookie }),
    );
    expect(noCsrf.status).toBe(403);
    for (const bad of ["0", "abc", "99999", "1e3", "-1", "99999999999"]) {
      const res = await deliver(bad);
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toMatchObject({ code: ADMIN_ERROR_CODES.unmatchedNotFound });
    }
    const badNote = await admin.request("POST", `/api/admin/payments/unmatched/${id}/refund`, { note: 42 });
    expect(badNote.status).toBe(400);
    expect(stripe.refundRequests).toHaveLength(0);
    const [row] = await store.query((db, t) => db.select().from(t.unmatchedPayments));
    expect(row?.resolution).toBeNull();
  });
});

describe("unmatched payments paid through Konnect", () => {
  let store: TestStore;
  let konnect: FakeKonnect;
  beforeEach(async () => {
    ({ store, konnect } = await storeOnKonnect({ apiKey: KONNECT_KEY, walletId: "wallet-unmatched" }));
    captureLogs();
  });
  afterEach(() => closeStore(store, konnect));

  it("marks the money to refund by hand and says so, and a manual order delivered anyway waits for its codes", async () => {
    const admin = await signIn(store);
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      // psn-10-us is delivered by hand in the demo store.
      const code = await order(store, [{ id: "psn-10-us", qty: 1 }]);
      await store.services.orders.cancel(code, { username: "admin" });
      const [row] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
      const pay = await fetch(`${konnect.url}/pay/${row?.paymentRef ?? ""}/pay`, {
        method: "POST",
        redirect: "manual",
      });
      expect(pay.status).toBe(303);
      codes.push(code);
    }
    const [toRefund = "", toDeliver = ""] = codes;
    const res = await admin.request(
      "POST",
      `/api/admin/payments/unmatched/${await unmatchedId(store, toRefund)}/refund`,
      {},
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ orderStatus: "cancelled", payment: { resolution: "refund_by_hand" } });
    const entry = (await snapshot(store, toRefund)).history.find((e) => e.action === "unmatched_refunded");
    expect(entry?.detail).toMatch(/^To refund by hand at Konnect: .+the store cannot refund it itself$/);

    const delivered = await admin.request(
      "POST",
      `/api/admin/payments/unmatched/${await unmatchedId(store, toDeliver)}/deliver`,
      {},
    );
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    expect(await delivered.json()).toMatchObject({ orderStatus: "paid", payment: { resolution: "delivered" } });
    const after = await snapshot(store, toDeliver);
    expect(after).toMatchObject({ status: "paid", deliveries: 0 });
    // The order now waits on the dashboard for the operator's codes.
    const waiting = await admin.request("GET", "/api/admin/awaiting-fulfilment");
    expect(waiting.status).toBe(200);
    expect(JSON.stringify(await waiting.json())).toContain(toDeliver);
  });
});
