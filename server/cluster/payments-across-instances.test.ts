/** Payments on two built servers sharing one PostgreSQL database, as a store that outgrew one machine runs them:
 * Konnect (TND), Stripe (USD) and Paymob (EGP) at once, each through its local fake (which follows the provider's
 * documentation). A provider retries its notifications and a balancer spreads them, so the same one reaches both
 * instances at once: each provider's paid notification 100 times at once, alternating between the instances, settles
 * the order once (one delivery email, one code sold, one recorded notification); tampered ones change nothing; a
 * refund or a dispute made at the provider, sent 20 times at once, revokes the code once and tells the operator once.
 * Run after `pnpm build`: `pnpm test:multi`. */
import http from "node:http";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProviderName } from "@store/shared/schemas/payments";
import { checkoutBody } from "../src/test/checkout-request.ts";
import { FakeKonnect } from "../src/test/fake-konnect.ts";
import { FakePaymob } from "../src/test/fake-paymob.ts";
import { FakeStripe } from "../src/test/fake-stripe.ts";
import type { Cluster } from "./cluster.ts";
import { httpRequest, json, type HttpAnswer } from "./http-client.ts";
import { startTestCluster, type TestCluster } from "./test-cluster.ts";

const ADMIN = { username: "admin", password: "payments-password-1" };
const PRODUCT = "steam-20";
const CODES = 10;
const KONNECT = { apiKey: "konnect-cluster-key:secret-part", walletId: "wallet-cluster" };
const STRIPE = { secretKey: "sk_test_cluster_secret", webhookSecret: "whsec_cluster_secret" };
const PAYMOB = {
  secretKey: "egy_sk_test_cluster",
  publicKey: "egy_pk_test_cluster",
  hmacSecret: "paymob-cluster-hmac",
  integrationIds: [4_000_001],
};
/** Where the providers are told to send notifications; the test sends them to an instance itself. */
const PUBLIC_URL = "http://store.test";

describe("payments across two instances on one PostgreSQL database", () => {
  let store: TestCluster | undefined;
  let cluster: Cluster;
  let db: pg.Client;
  let konnect: FakeKonnect;
  let stripe: FakeStripe;
  let paymob: FakePaymob;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 120 });

  beforeAll(async () => {
    [konnect, stripe, paymob] = await Promise.all([
      FakeKonnect.start(KONNECT),
      FakeStripe.start({ ...STRIPE, webhookUrl: `${PUBLIC_URL}/api/payments/stripe/webhook` }),
      FakePaymob.start(PAYMOB),
    ]);
    store = await startTestCluster({
      prefix: "store_payments",
      instances: 2,
      admin: ADMIN,
      env: {
        PUBLIC_URL,
        OPERATOR_EMAIL: "ops@store.test",
        PAYMENT_METHODS: "konnect,stripe,paymob",
        KONNECT_API_KEY: KONNECT.apiKey,
        KONNECT_WALLET_ID: KONNECT.walletId,
        KONNECT_API_URL: konnect.url,
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PAYMOB_SECRET_KEY: PAYMOB.secretKey,
        PAYMOB_PUBLIC_KEY: PAYMOB.publicKey,
        PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
        PAYMOB_INTEGRATION_IDS: PAYMOB.integrationIds.join(","),
        PAYMOB_API_URL: paymob.url,
      },
    });
    ({ cluster, db } = store);
    expect(cluster.stores).toHaveLength(2);

    // The product is sold from code stock, with exactly CODES codes.
    const login = await httpRequest(agent, `${cluster.url}/api/admin/login`, "POST", JSON.stringify(ADMIN));
    expect(login.status).toBe(200);
    const admin = {
      Cookie: (login.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "",
      "X-CSRF-Token": json<{ csrfToken: string }>(login).csrfToken,
    };
    const send = (method: string, path: string, body: unknown) =>
      httpRequest(agent, `${cluster.url}${path}`, method, JSON.stringify(body), admin);
    expect((await send("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(200);
    await db.query("delete from codes where product_id = $1", [PRODUCT]);
    const text = Array.from({ length: CODES }, (_, i) => `CLUSTER-PAY-${i}`).join("\n");
    const imported = await send("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text, format: "text" });
    expect(imported.status, imported.body.toString("utf8")).toBe(200);
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await store?.stop();
    await Promise.all([konnect?.close(), stripe?.close(), paymob?.close()]);
  });

  /** Sends the i-th of many copies to one instance or the other, in turn. */
  const toInstance = (i: number, pathAndQuery: string, method = "GET", body?: string, headers = {}) =>
    httpRequest(agent, `${cluster.stores[i % 2]?.url ?? ""}${pathAndQuery}`, method, body, headers);
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const outcomes = (answers: HttpAnswer[]) => answers.map((a) => json<{ outcome?: string }>(a).outcome);
  const count = (list: (string | undefined)[], value: string) => list.filter((o) => o === value).length;

  /** An order of one code, paid with `method` in `currency`; its database id and provider reference. */
  async function placed(method: PaymentProviderName, currency: "TND" | "USD" | "EGP") {
    const body = JSON.stringify(
      checkoutBody({
        currency,
        paymentMethod: method,
        items: [{ id: PRODUCT, qty: 1 }],
        email: `${method}@example.com`,
      }),
    );
    const res = await httpRequest(agent, `${cluster.url}/api/checkout`, "POST", body);
    expect(res.status, res.body.toString("utf8")).toBe(200);
    const code = json<{ panierCode: string }>(res).panierCode;
    const row = await db.query<{ id: string; payment_ref: string; payment_provider: string }>(
      "select id, payment_ref, payment_provider from orders where code = $1",
      [code],
    );
    const order = row.rows[0];
    if (!order) throw new Error(`no order ${code}`);
    expect(order.payment_provider).toBe(method);
    return { code, id: order.id, ref: order.payment_ref };
  }

  /** What the database holds of an order's settlement and reversal. */
  async function state(order: { code: string; id: string }) {
    const one = async (query: string, values: unknown[]) =>
      (await db.query<{ n: number }>(query, values)).rows[0]?.n ?? 0;
    const status = await db.query<{ status: string }>("select status from orders where id = $1", [order.id]);
    const codes = await db.query<{ status: string }>("select status from codes where order_id = $1", [order.id]);
    return {
      status: status.rows[0]?.status,
      codes: codes.rows.map((c) => c.status),
      deliveryMails: await one(
        "select count(*)::int as n from mail_outbox where order_id = $1 and kind = 'order_delivery'",
        [order.id],
      ),
      notifications: await one("select count(*)::int as n from payment_events where order_code = $1", [order.code]),
      paidEntries: await one("select count(*)::int as n from order_events where order_id = $1 and to_status = 'paid'", [
        order.id,
      ]),
      refundEntries: await one(
        "select count(*)::int as n from order_events where order_id = $1 and action in ('refunded', 'disputed')",
        [order.id],
      ),
      operatorAlerts: await one(
        "select count(*)::int as n from operator_alerts where order_code = $1 and kind = 'payment_reversed'",
        [order.code],
      ),
    };
  }

  /** The same notification `copies` times at once, alternating between the instances: every one answered 200, one
   * with `outcome`, the others as duplicates. */
  async function expectOnce(copies: number, outcome: string, send: (i: number) => Promise<HttpAnswer>) {
    const answers = await Promise.all(Array.from({ length: copies }, (_, i) => send(i)));
    const said = [...new Set(answers.map((a) => `${a.status} ${a.body.toString("utf8")}`))].join("\n");
    expect(
      answers.every((a) => a.status === 200),
      said,
    ).toBe(true);
    const got = outcomes(answers);
    expect(count(got, outcome), said).toBe(1);
    expect(count(got, "duplicate"), said).toBe(copies - 1);
  }

  /** The paid notification 100 times: the order delivered once. */
  async function expectSettledOnce(order: { code: string; id: string }, send: (i: number) => Promise<HttpAnswer>) {
    await expectOnce(100, "settled", send);
    expect(await state(order)).toMatchObject({
      status: "delivered",
      codes: ["sold"],
      deliveryMails: 1,
      notifications: 1,
      paidEntries: 1,
    });
  }

  /** A refund or dispute made at the provider, 20 times: the code revoked and the operator told once. */
  async function expectReversedOnce(
    order: { code: string; id: string },
    outcome: "refunded" | "disputed",
    send: (i: number) => Promise<HttpAnswer>,
  ) {
    await expectOnce(20, outcome, send);
    expect(await state(order)).toMatchObject({
      status: "refunded",
      codes: ["revoked"],
      deliveryMails: 1,
      refundEntries: 1,
      operatorAlerts: 1,
    });
  }

  it("Konnect: settles once, looks each reference up at most once per instance, ignores made-up ones", async () => {
    const order = await placed("konnect", "TND");
    // Made-up references, on both instances: not the store's, so Konnect is not asked.
    const madeUp = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        toInstance(i, `/api/payments/konnect/webhook?payment_ref=${"ab".repeat(11)}${i.toString(16).padStart(2, "0")}`),
      ),
    );
    expect(new Set(outcomes(madeUp))).toEqual(new Set(["ignored"]));
    expect(konnect.lookups).toEqual([]);
    // Not paid yet: the lookup says so and nothing changes.
    expect(outcomes([await toInstance(0, `/api/payments/konnect/webhook?payment_ref=${order.ref}`)])).toEqual([
      "not_paid",
    ]);
    expect((await state(order)).status).toBe("pending_payment");

    konnect.complete(order.ref);
    const before = konnect.lookups.length;
    await expectSettledOnce(order, (i) => toInstance(i, `/api/payments/konnect/webhook?payment_ref=${order.ref}`));
    // One lookup at a time per reference on each instance; once settled, the store answers from its own record.
    expect(konnect.lookups.length - before).toBeLessThanOrEqual(2);
  }, 60_000);

  it("Stripe: settles once, refuses a tampered event, follows a refund and a dispute once", async () => {
    const send = (i: number, event: { body: string; signature: string }) =>
      toInstance(i, "/api/payments/stripe/webhook", "POST", event.body, { "Stripe-Signature": event.signature });
    const order = await placed("stripe", "USD");
    stripe.markPaid(order.ref);
    const paid = stripe.event(order.ref);
    const tampered = await send(1, { ...paid, body: paid.body.replace('"amount_total":', '"amount_total":1') });
    expect(tampered.status).toBe(400);
    expect((await state(order)).status).toBe("pending_payment");
    await expectSettledOnce(order, (i) => send(i, paid));
    const refund = stripe.refundEvent(order.ref);
    await expectReversedOnce(order, "refunded", (i) => send(i, refund));

    const disputed = await placed("stripe", "USD");
    stripe.markPaid(disputed.ref);
    const event = stripe.event(disputed.ref);
    await expectSettledOnce(disputed, (i) => send(i, event));
    const dispute = stripe.disputeEvent(disputed.ref);
    await expectReversedOnce(disputed, "disputed", (i) => send(i, dispute));
  }, 60_000);

  it("Paymob: settles once, refuses a tampered callback, follows a refund made at Paymob once", async () => {
    const order = await placed("paymob", "EGP");
    const transaction = paymob.transact(order.ref);
    const callback = paymob.callback(transaction);
    const send = (i: number, c: { body: string; url: string }) => toInstance(i, pathOf(c.url), "POST", c.body);
    const body = JSON.parse(callback.body) as { obj: Record<string, unknown> };
    const tampered = { ...callback, body: JSON.stringify({ ...body, obj: { ...body.obj, amount_cents: 100 } }) };
    expect((await send(1, tampered)).status).toBe(400);
    expect((await state(order)).status).toBe("pending_payment");
    await expectSettledOnce(order, (i) => send(i, callback));
    // Refunded in Paymob's dashboard: Paymob sends the processed callback again, now refunded.
    const refunded = paymob.callback(transaction, {
      is_refunded: true,
      refunded_amount_cents: transaction.amount_cents,
    });
    await expectReversedOnce(order, "refunded", (i) => send(i, refunded));
  }, 60_000);
});
