/** Several payment methods at once (docs/decisions.md D45), on SQLite and (TEST_DATABASE=postgres) PostgreSQL: a
 * store with manual payment, Konnect and Stripe says which methods take each currency; checkout takes the shopper's
 * choice when it is enabled and takes the currency, uses the only one that does without asking, and refuses
 * anything else before an order is written; the order keeps its method (its history and the console say it), is
 * paid at that provider only, and a notification from one provider never settles another provider's order. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { PAYMENT_ERROR_CODES } from "@store/shared/schemas/payments";
import { adminOrderDetailSchema } from "@store/shared/schemas/orders";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { signIn } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import type { FakeKonnect } from "../../test/fake-konnect.ts";
import type { FakeStripe } from "../../test/fake-stripe.ts";
import {
  captureLogs,
  checkout,
  closeStore,
  placed,
  settlement,
  storeOnKonnectAndStripe,
  stripeWebhook,
} from "../../test/payments-test-kit.ts";

describe("several payment methods", () => {
  let store: TestStore;
  let konnect: FakeKonnect;
  let stripe: FakeStripe;
  let logs: string[];
  beforeEach(async () => {
    ({ store, konnect, stripe } = await storeOnKonnectAndStripe({ PAYMENT_METHODS: "manual,konnect,stripe" }));
    logs = captureLogs();
  });
  afterEach(() => closeStore(store, konnect, stripe));

  const raw = (body: object) => store.app.request("/api/checkout", jsonRequest("POST", body));
  const orderCount = async () => (await store.query((db, t) => db.select({ n: count() }).from(t.orders)))[0]?.n;
  const sendStripe = (event: { body: string; signature: string }) => stripeWebhook(store)(event.body, event.signature);

  it("says which methods take which currencies, in the operator's order", async () => {
    const res = await store.app.request("/api/payments/options");
    expect(await res.json()).toEqual({
      methods: [
        { method: "manual", currencies: ["USD", "TND", "EUR", "EGP"] },
        { method: "konnect", currencies: ["TND", "EUR", "USD"] },
        { method: "stripe", currencies: ["USD", "EUR", "EGP"] },
      ],
    });
  });

  it("pays each order with the method the shopper chose, at that provider only", async () => {
    const tnd = await placed(store, checkoutBody({ currency: "TND", paymentMethod: "konnect" }));
    const egp = await placed(store, checkoutBody({ currency: "EGP", paymentMethod: "stripe" }));
    const byHand = await placed(store, checkoutBody({ currency: "EGP", paymentMethod: "manual" }));
    const [k, s, m] = await Promise.all([tnd, egp, byHand].map((o) => settlement(store, o.panierCode)));
    expect(k?.order).toMatchObject({ paymentProvider: "konnect", status: "pending_payment" });
    expect(tnd.paymentLink).toBe(`${konnect.url}/pay?payment_ref=${k?.order.paymentRef}`);
    expect(s?.order).toMatchObject({ paymentProvider: "stripe", status: "pending_payment" });
    expect(egp.paymentLink).toBe(`${stripe.url}/c/pay/${s?.order.paymentRef}`);
    expect(m?.order).toMatchObject({ paymentProvider: "manual", paymentRef: null });
    expect(byHand.paymentLink).toBeNull();
    expect(konnect.initRequests).toHaveLength(1);
    expect(stripe.sessionRequests).toHaveLength(1);
    // An online payment's page closes with the hour; a manual payment waits the operator's reservation time (24 h).
    const now = Date.now();
    expect((k?.order.expiresAt ?? 0) - now).toBeLessThanOrEqual(60 * 60_000);
    expect((m?.order.expiresAt ?? 0) - now).toBeGreaterThan(23 * 3600_000);

    // The console names the method: in the order and where its history starts; only the manual order is marked paid
    // by hand.
    const admin = await signIn(store);
    const detail = async (code: string) =>
      adminOrderDetailSchema.parse(await (await admin.request("GET", `/api/admin/orders/${code}`)).json());
    const konnectDetail = await detail(tnd.panierCode);
    expect(konnectDetail.paymentProvider).toBe("konnect");
    expect(konnectDetail.events[0]).toMatchObject({ action: "created", detail: "Payment method: konnect" });
    expect(konnectDetail.actions).not.toContain("mark_paid");
    const manualDetail = await detail(byHand.panierCode);
    expect(manualDetail.events[0]).toMatchObject({ action: "created", detail: "Payment method: manual" });
    expect(manualDetail.actions).toContain("mark_paid");
  });

  it("asks the shopper to choose when several methods take the currency (one is used without asking)", async () => {
    // Manual payment and Stripe both take EGP here. A store with one method for a currency (each one-provider store
    // of payments.test.ts) places the order without a choice.
    const asked = await checkout(store, checkoutBody({ currency: "EGP" }));
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({
      code: PAYMENT_ERROR_CODES.methodRequired,
      methods: ["manual", "stripe"],
    });
    expect(await orderCount()).toBe(0);
  });

  it("refuses a method that is not enabled, does not take the currency, or is unknown, writing nothing", async () => {
    const refusals: [string, Response, string | undefined][] = [
      ["unknown", await raw({ ...checkoutBody({ currency: "EGP" }), paymentMethod: "paypal" }), undefined],
      [
        "not this currency",
        await checkout(store, checkoutBody({ currency: "TND", paymentMethod: "stripe" })),
        PAYMENT_ERROR_CODES.currencyNotPayable,
      ],
      [
        "not this currency",
        await checkout(store, checkoutBody({ currency: "EGP", paymentMethod: "konnect" })),
        PAYMENT_ERROR_CODES.currencyNotPayable,
      ],
    ];
    for (const [what, res, code] of refusals) {
      expect(res.status, what).toBe(400);
      if (code) expect(await res.json(), what).toMatchObject({ code });
    }
    const tnd = await (await checkout(store, checkoutBody({ currency: "TND", paymentMethod: "stripe" }))).json();
    expect(tnd).toMatchObject({ currency: "TND", currencies: ["USD", "EUR", "EGP"] });
    expect(await orderCount()).toBe(0);
    expect(konnect.initRequests).toHaveLength(0);
    expect(stripe.sessionRequests).toHaveLength(0);
  });

  it("never settles one provider's order with another provider's notification", async () => {
    const k = await placed(store, checkoutBody({ currency: "EUR", paymentMethod: "konnect" }));
    const s = await placed(store, checkoutBody({ currency: "EUR", paymentMethod: "stripe" }));
    const konnectOrder = (await settlement(store, k.panierCode)).order;
    const stripeOrder = (await settlement(store, s.panierCode)).order;
    const konnectRef = konnectOrder.paymentRef ?? "";
    const sessionId = stripeOrder.paymentRef ?? "";

    // Konnect's route, named the Stripe order's session: not one of the store's Konnect references.
    const viaKonnect = await store.app.request(`/api/payments/konnect/webhook?payment_ref=${sessionId}`);
    expect(await viaKonnect.json()).toMatchObject({ outcome: "ignored" });
    // A genuinely signed Stripe event dressed as the Konnect order (its code, reference, amount and currency).
    stripe.markPaid(sessionId);
    const dressed = stripe.event(sessionId, "checkout.session.completed", Date.now(), {
      id: konnectRef,
      client_reference_id: k.panierCode,
      amount_total: konnectOrder.total,
      currency: "eur",
    });
    expect((await sendStripe(dressed)).status).toBe(404);
    expect((await settlement(store, k.panierCode)).order.status).toBe("pending_payment");
    expect(logs.join("\n")).toContain(`payment: refused stripe a payment ${konnectRef} for an unknown order`);

    // Each provider's own notification still settles its own order.
    konnect.complete(konnectRef);
    const settledK = await store.app.request(`/api/payments/konnect/webhook?payment_ref=${konnectRef}`);
    expect(await settledK.json()).toMatchObject({ outcome: "settled", order: k.panierCode });
    expect(await (await sendStripe(stripe.event(sessionId))).json()).toMatchObject({
      outcome: "settled",
      order: s.panierCode,
    });
    expect((await settlement(store, k.panierCode)).events.map((e) => e.provider)).toEqual(["konnect"]);
    expect((await settlement(store, s.panierCode)).events.map((e) => e.provider)).toEqual(["stripe"]);
  });
});
