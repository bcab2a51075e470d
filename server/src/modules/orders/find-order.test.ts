/** Find my order (POST /api/orders/find), on SQLite and (TEST_DATABASE=postgres) PostgreSQL: a matching code and
 * email queue the private link (rendered when sent, and it opens the order), a delivered order gets its codes
 * again; every other valid request answers the same 202 body and queues nothing; the per-order and per-recipient
 * budgets send nothing more but still answer 202; only the per-address budget answers 429; a bad body is a 400. */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import {
  FIND_ORDER_MESSAGES,
  adminOrderDetailSchema,
  devMailSchema,
  devMailSummarySchema,
  privateOrderSchema,
  type DevMail,
  type FindOrderRequest,
} from "@store/shared/schemas/orders";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { jsonRequest, storeForEachTest, type TestStore } from "../../test/harness.ts";
import { ORDER_LINK_KIND } from "./order-recovery.ts";

const SAME_ANSWER = { ok: true, message: FIND_ORDER_MESSAGES.sent };

describe("find my order", () => {
  let store: TestStore;
  // TRUST_PROXY: each test's requests come from addresses it chooses (X-Forwarded-For), so the per-address budget
  // is only in the way where it is under test.
  storeForEachTest((opened) => (store = opened), { seed: true, env: { ...ADMIN_ENV, TRUST_PROXY: "1" } });

  let addressCount = 0;
  /** A fresh client address. */
  const nextAddress = (): string => `203.0.113.${++addressCount % 250}`;

  async function place(overrides: Partial<CheckoutRequest> = {}) {
    const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody(overrides)));
    expect(res.status, await res.clone().text()).toBe(200);
    return checkoutResponseSchema.parse(await res.json());
  }

  /** Asks, then waits for the lookup the answer did not wait for. */
  async function find(body: FindOrderRequest | string | Record<string, unknown>, address = nextAddress()) {
    const res = await store.app.request("/api/orders/find", jsonRequest("POST", body, { "X-Forwarded-For": address }));
    await store.services.orderRecovery.settled();
    return res;
  }

  async function expectSameAnswer(res: Response): Promise<void> {
    expect(res.status).toBe(202);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual(SAME_ANSWER);
  }

  /** The outbox rows of one order (beyond its confirmation), by kind. */
  async function queued(code: string, kind: string) {
    const [order] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
    if (!order) throw new Error(`no order ${code}`);
    return store.query((db, t) =>
      db
        .select()
        .from(t.mailOutbox)
        .where(and(eq(t.mailOutbox.orderId, order.id), eq(t.mailOutbox.kind, kind))),
    );
  }

  /** Sends what is due, then the dev mailbox's mails about an order (its code in the subject), opened. */
  async function mailbox(admin: AdminClient, code: string): Promise<DevMail[]> {
    await store.services.mailWorker.runOnce(Date.now() + 1);
    const list = devMailSummarySchema
      .array()
      .parse(await (await admin.request("GET", "/api/admin/mailbox?limit=500")).json());
    return Promise.all(
      list
        .filter((m) => m.subject.includes(code))
        .map(async (m) => devMailSchema.parse(await (await admin.request("GET", `/api/admin/mailbox/${m.id}`)).json())),
    );
  }

  async function history(admin: AdminClient, code: string) {
    return adminOrderDetailSchema.parse(await (await admin.request("GET", `/api/admin/orders/${code}`)).json()).events;
  }

  it("mails the private link to the order's address when code and email match; the link opens the order", async () => {
    const order = await place({ email: "Amira.Ben@Example.com", locale: "fr" });
    // Typed in another case, with spaces, in lower case and without the hyphen: the same order and address.
    const res = await find({
      code: ` ${order.panierCode.toLowerCase().replace("-", "")} `,
      email: " amira.ben@example.COM ",
    });
    await expectSameAnswer(res);

    const rows = await queued(order.panierCode, ORDER_LINK_KIND);
    expect(rows).toHaveLength(1);
    // Stored as its kind and order only: the link is rendered when the mail is sent (docs/decisions.md D10).
    expect(rows[0]).toMatchObject({ to: "Amira.Ben@Example.com", text: "", html: "", status: "pending" });
    expect(JSON.stringify(rows[0])).not.toContain("/orders/");

    const admin = await signIn(store);
    const [mail, ...others] = (await mailbox(admin, order.panierCode)).filter(
      (m) => m.subject === `Votre commande ${order.panierCode}`,
    );
    expect(others).toEqual([]);
    expect(mail?.to).toBe("Amira.Ben@Example.com");
    // The link names the order's language, which the page then speaks.
    expect(mail?.text).toContain(`${order.orderUrl}?lang=fr`);
    expect(mail?.html).toContain(`href="${order.orderUrl}?lang=fr"`);
    const token = /\/orders\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const page = await store.app.request(`/api/orders/private/${token}`);
    expect(page.status).toBe(200);
    expect(privateOrderSchema.parse(await page.json()).code).toBe(order.panierCode);

    expect((await history(admin, order.panierCode)).at(-1)).toMatchObject({
      actor: "shopper",
      action: "link_resent",
      fromStatus: null,
      toStatus: null,
    });
  });

  it("mails a delivered order's codes again with its link (the delivery email)", async () => {
    const admin = await signIn(store);
    const put = await admin.request("PUT", "/api/admin/products/psn-10-us", { deliveryMode: "automatic" });
    expect(put.status, await put.clone().text()).toBe(200);
    const imported = await admin.request("POST", "/api/admin/products/psn-10-us/codes/import", {
      text: "PSN-FIND-0001",
    });
    expect(imported.status).toBe(200);
    const order = await place({ items: [{ id: "psn-10-us", qty: 1 }] });
    expect((await admin.request("POST", `/api/admin/orders/${order.panierCode}/mark-paid`)).status).toBe(200);
    const withCodes = async () =>
      (await mailbox(admin, order.panierCode)).filter((m) => m.text.includes("PSN-FIND-0001"));
    expect(await withCodes()).toHaveLength(1);

    await expectSameAnswer(await find({ code: order.panierCode, email: "amira@example.com" }));
    const mails = await withCodes();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain("PSN-FIND-0001");
      expect(mail.text).toContain(order.orderUrl);
    }
    expect(await queued(order.panierCode, ORDER_LINK_KIND)).toEqual([]);
    expect((await history(admin, order.panierCode)).at(-1)).toMatchObject({ actor: "shopper", action: "link_resent" });
  });

  it("answers the same and queues nothing for a wrong email, a wrong code or an unknown order", async () => {
    const order = await place();
    const [outboxBefore, eventsBefore] = await Promise.all([
      store.query((db, t) => db.select().from(t.mailOutbox)),
      store.query((db, t) => db.select().from(t.orderEvents)),
    ]);
    const other = order.panierCode.endsWith("0")
      ? `${order.panierCode.slice(0, -1)}1`
      : `${order.panierCode.slice(0, -1)}0`;
    for (const body of [
      { code: order.panierCode, email: "someone.else@example.com" },
      { code: other, email: "amira@example.com" },
      { code: "PNR-ZZZZ9999", email: "amira@example.com" },
      // Shaped like a code, yet no code can hold a U (Crockford base32).
      { code: "PNR-UUUUUUUU", email: "amira@example.com" },
    ]) {
      await expectSameAnswer(await find(body));
    }
    expect(await store.query((db, t) => db.select().from(t.mailOutbox))).toEqual(outboxBefore);
    expect(await store.query((db, t) => db.select().from(t.orderEvents))).toEqual(eventsBefore);
  });

  it("sends at most 3 an hour per order, then answers the same and sends nothing", async () => {
    const order = await place();
    for (let i = 0; i < 4; i++)
      await expectSameAnswer(await find({ code: order.panierCode, email: "amira@example.com" }));
    expect(await queued(order.panierCode, ORDER_LINK_KIND)).toHaveLength(3);
    const admin = await signIn(store);
    expect((await history(admin, order.panierCode)).filter((e) => e.action === "link_resent")).toHaveLength(3);
  });

  it("sends at most 3 an hour per recipient, whichever of their orders is asked for", async () => {
    const first = await place({ email: "twice@example.com" });
    const second = await place({ email: "TWICE@example.com" });
    for (let i = 0; i < 3; i++)
      await expectSameAnswer(await find({ code: first.panierCode, email: "twice@example.com" }));
    await expectSameAnswer(await find({ code: second.panierCode, email: "twice@example.com" }));
    expect(await queued(first.panierCode, ORDER_LINK_KIND)).toHaveLength(3);
    expect(await queued(second.panierCode, ORDER_LINK_KIND)).toEqual([]);
  });

  it("answers 429 with retryAfter past 5 requests an hour from one address, matching or not", async () => {
    const order = await place();
    const address = "198.51.100.7";
    for (let i = 0; i < 5; i++)
      await expectSameAnswer(await find({ code: "PNR-ZZZZ9999", email: "nobody@example.com" }, address));
    const refused = await find({ code: order.panierCode, email: "amira@example.com" }, address);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; retryAfter: number };
    expect(body.code).toBe("rate_limited");
    expect(body.retryAfter).toBeGreaterThan(3000);
    expect(Number(refused.headers.get("Retry-After"))).toBe(body.retryAfter);
    expect(await queued(order.panierCode, ORDER_LINK_KIND)).toEqual([]);
    // Another address still gets its answer and the mail.
    await expectSameAnswer(await find({ code: order.panierCode, email: "amira@example.com" }));
    expect(await queued(order.panierCode, ORDER_LINK_KIND)).toHaveLength(1);
  });

  it("refuses a bad body with 400 and field messages, writing nothing and counting nothing", async () => {
    const address = "198.51.100.9";
    const cases: [unknown, string[]][] = [
      [{ code: "12345", email: "amira@example.com" }, ["code"]],
      [{ code: "PNR-7Q2M9XKD", email: "not-an-email" }, ["email"]],
      [{}, ["code", "email"]],
      ["{", []],
    ];
    for (const [body, fields] of cases) {
      const res = await find(typeof body === "string" ? body : (body as Record<string, unknown>), address);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(answer.fields ?? {}).sort()).toEqual(fields);
      if (fields.includes("code")) expect(answer.fields?.code).toBe(FIND_ORDER_MESSAGES.code);
      if (fields.includes("email")) expect(answer.fields?.email).toBe("Please enter a valid email address.");
    }
    // None of them used the address's budget.
    for (let i = 0; i < 5; i++)
      await expectSameAnswer(await find({ code: "PNR-ZZZZ9999", email: "nobody@example.com" }, address));
    expect(await store.query((db, t) => db.select().from(t.orderEvents))).toEqual([]);
  });
});
