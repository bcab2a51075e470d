/** What the payments tests share (payments.test.ts, payment-methods.test.ts, paymob.test.ts): what the database says
 * about an order's settlement, checkout requests, code stock and the log lines written during a test. */
import { expect, vi } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { checkoutResponseSchema, type CheckoutResponse } from "@store/shared/schemas/checkout";
import { createTestStore, jsonRequest, type TestStore } from "./harness.ts";
import { ADMIN_ENV, signIn } from "./admin-session.ts";
import { DELIVERY_KIND } from "../modules/orders/order-mails.ts";
import { checkoutBody } from "./checkout-request.ts";
import { FakeKonnect } from "./fake-konnect.ts";
import { FakeStripe } from "./fake-stripe.ts";

export const OPERATOR = "ops@store.test";
export const KONNECT_KEY = "konnect-test-key:secret-part";
export const STRIPE_KEY = "sk_test_store_secret";
export const STRIPE_WEBHOOK_SECRET = "whsec_test_secret";

const KONNECT_WALLET = "wallet-store";
/** Stripe's fake sends its events to this address; a test delivers them itself (`stripe.deliver`). */
const STRIPE_WEBHOOK = "http://store.test/api/payments/stripe/webhook";

/** The settings that give a store its Konnect keys and point it at `konnect`. */
function konnectEnv(konnect: FakeKonnect, keys: { apiKey: string; walletId: string }): Record<string, string> {
  return { KONNECT_API_KEY: keys.apiKey, KONNECT_WALLET_ID: keys.walletId, KONNECT_API_URL: konnect.url };
}

/** The settings that give a store its Stripe keys and point it at `stripe`. */
function stripeEnv(stripe: FakeStripe, keys: { secretKey: string; webhookSecret: string }): Record<string, string> {
  return { STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret, STRIPE_API_URL: stripe.url };
}

/** A fake Konnect, and the settings that give a store its keys and point it there. */
async function fakeKonnect(): Promise<{ konnect: FakeKonnect; env: Record<string, string> }> {
  const keys = { apiKey: KONNECT_KEY, walletId: KONNECT_WALLET };
  const konnect = await FakeKonnect.start(keys);
  return { konnect, env: konnectEnv(konnect, keys) };
}

/** A fake Stripe, and the settings that give a store its keys and point it there. */
async function fakeStripe(): Promise<{ stripe: FakeStripe; env: Record<string, string> }> {
  const keys = { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
  const stripe = await FakeStripe.start({ ...keys, webhookUrl: STRIPE_WEBHOOK });
  return { stripe, env: stripeEnv(stripe, keys) };
}

/** Posts a Stripe event to the store's webhook, signed or not. */
export function stripeWebhook(store: TestStore): (body: string, signature?: string) => Promise<Response> {
  return async (body, signature) =>
    store.app.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body,
    });
}

/** What the operator is told, of one kind (all orders): operator alerts, gathered into digests by the worker. */
export async function operatorAlertsOf(store: TestStore, kind: "payment_reversed" | "payment_unmatched") {
  return store.query((db, t) => db.select().from(t.operatorAlerts).where(eq(t.operatorAlerts.kind, kind)));
}

/** An order's history, oldest first. */
export async function historyOf(store: TestStore, orderId: string) {
  return store.query((db, t) => db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId)));
}

export async function unmatchedRows(store: TestStore) {
  return store.query((db, t) => db.select().from(t.unmatchedPayments));
}

/** What the database says about an order's settlement. */
export async function settlement(store: TestStore, code: string) {
  const order = (await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code))))[0];
  if (!order) throw new Error(`no order ${code}`);
  const mails = (kind: string) =>
    store.query((db, t) =>
      db
        .select({ n: count() })
        .from(t.mailOutbox)
        .where(and(eq(t.mailOutbox.orderId, order.id), eq(t.mailOutbox.kind, kind))),
    );
  const events = await store.query((db, t) =>
    db.select().from(t.paymentEvents).where(eq(t.paymentEvents.orderCode, code)),
  );
  const codes = await store.query((db, t) => db.select().from(t.codes).where(eq(t.codes.orderId, order.id)));
  return {
    order,
    paidMails: (await mails("payment_received"))[0]?.n ?? 0,
    deliveryMails: (await mails(DELIVERY_KIND))[0]?.n ?? 0,
    soldCodes: codes.filter((c) => c.status === "sold").length,
    events,
  };
}

export const STOCKED = "steam-20";

/** Makes the product sold from code stock, with exactly `count` codes. */
export async function stock(store: TestStore, count: number): Promise<void> {
  const admin = await signIn(store);
  const put = await admin.request("PUT", `/api/admin/products/${STOCKED}`, { deliveryMode: "automatic" });
  expect(put.status, await put.clone().text()).toBe(200);
  const text = Array.from({ length: count }, (_, i) => `PAY-CODE-${i}-${Date.now()}`).join("\n");
  const res = await admin.request("POST", `/api/admin/products/${STOCKED}/codes/import`, { text });
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function checkout(store: TestStore, body = checkoutBody(), key?: string): Promise<Response> {
  return store.app.request("/api/checkout", jsonRequest("POST", body, key ? { "Idempotency-Key": key } : {}));
}

export async function placed(store: TestStore, body = checkoutBody()): Promise<CheckoutResponse> {
  const res = await checkout(store, body);
  expect(res.status).toBe(200);
  return checkoutResponseSchema.parse(await res.json());
}

/** After the same notification many times: the order delivered once, with its codes, one delivery email and one
 * recorded notification. */
export async function expectDeliveredOnce(store: TestStore, code: string, codes: number): Promise<void> {
  const after = await settlement(store, code);
  expect(after.order.status).toBe("delivered");
  expect(after.deliveryMails).toBe(1);
  expect(after.soldCodes).toBe(codes);
  expect(after.events).toHaveLength(1);
}

export { captureLogs } from "./logs.ts";

/** A seeded store paid through a fake provider (started on 127.0.0.1), the admin's credentials set (the caller
 * closes both, with closeStore). */
export async function storeOnStripe(
  keys: { secretKey: string; webhookSecret: string } = { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET },
  env: Record<string, string> = {},
): Promise<{ store: TestStore; stripe: FakeStripe }> {
  const stripe = await FakeStripe.start({ ...keys, webhookUrl: STRIPE_WEBHOOK });
  const store = await createTestStore({
    seed: true,
    env: { ...ADMIN_ENV, PAYMENT_PROVIDER: "stripe", ...stripeEnv(stripe, keys), ...env },
  });
  return { store, stripe };
}

/** Konnect's own calls to the webhook reach the store running in this process. */
export async function storeOnKonnect(
  keys: { apiKey: string; walletId: string } = { apiKey: KONNECT_KEY, walletId: KONNECT_WALLET },
  env: Record<string, string> = {},
): Promise<{ store: TestStore; konnect: FakeKonnect }> {
  const konnect = await FakeKonnect.start(keys);
  const store = await createTestStore({
    seed: true,
    env: { ...ADMIN_ENV, PAYMENT_PROVIDER: "konnect", ...konnectEnv(konnect, keys), ...env },
  });
  konnect.callWebhook = async (url) => store.app.request(url);
  return { store, konnect };
}

/** A seeded store offering several payment methods (`PAYMENT_METHODS` in `env`), with a fake Konnect and a fake
 * Stripe; Konnect's calls to the webhook reach the store running in this process. */
export async function storeOnKonnectAndStripe(
  env: Record<string, string>,
): Promise<{ store: TestStore; konnect: FakeKonnect; stripe: FakeStripe }> {
  const { konnect, env: konnectEnv } = await fakeKonnect();
  const { stripe, env: stripeEnv } = await fakeStripe();
  const store = await createTestStore({ seed: true, env: { ...ADMIN_ENV, ...env, ...konnectEnv, ...stripeEnv } });
  konnect.callWebhook = async (url) => store.app.request(url);
  return { store, konnect, stripe };
}

/** After a test: its spies (the captured logs) restored, then the store and its fake providers closed. */
export async function closeStore(store: TestStore, ...fakes: { close(): Promise<void> }[]): Promise<void> {
  vi.restoreAllMocks();
  await store.close();
  for (const fake of fakes) await fake.close();
}
