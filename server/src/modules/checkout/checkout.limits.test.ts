/** The checkout is limited per client address and per recipient, so that it cannot be used to flood an inbox, and it is
 * counted in the database (so two instances count together), a promo code sent with it counts as a promo guess, and
 * each public route keeps its own budget. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RATE_LIMITED } from "@store/shared/schemas/errors";
import { CHECKOUT_ERROR_CODES, CHECKOUT_MESSAGES, MAX_QTY } from "@store/shared/schemas/checkout";
import { eq } from "drizzle-orm";
import { buildApp, buildServices } from "../../app.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, storeForEachTest, jsonRequest, type TestStore } from "../../test/harness.ts";
import { CHECKOUT_THROTTLED } from "./checkout.routes.ts";

describe("checkout rate limits", () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore({
      seed: true,
      env: { TRUST_PROXY: "yes", CHECKOUT_LIMIT_PER_ADDRESS: "6", CHECKOUT_LIMIT_PER_EMAIL: "3" },
    });
  });
  afterEach(() => store.close());

  const post = (body: unknown, address: string, app = store.app) =>
    app.request("/api/checkout", jsonRequest("POST", body, { "X-Forwarded-For": address }));

  async function expectThrottled(res: Response, message = CHECKOUT_THROTTLED): Promise<void> {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: message, code: RATE_LIMITED, params: { retryAfter }, retryAfter });
  }

  it("limits the orders one recipient gets, whatever address sends them", async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(checkoutBody({ email: "victim@example.com" }), `203.0.113.${i}`)).status).toBe(200);
    await expectThrottled(await post(checkoutBody({ email: " Victim@Example.com " }), "203.0.113.9"));
    // Another recipient from the same address is not affected.
    expect((await post(checkoutBody({ email: "other@example.com" }), "203.0.113.9")).status).toBe(200);
  });

  it("counts one inbox once however its address is spelled (tags, Gmail's dots, googlemail)", async () => {
    const spellings = ["victim+1@gmail.com", "v.ictim@gmail.com", "Victim+x@GoogleMail.com"];
    for (const [i, email] of spellings.entries())
      expect((await post(checkoutBody({ email }), `203.0.113.${i}`)).status, email).toBe(200);
    await expectThrottled(await post(checkoutBody({ email: "vic.tim+4@gmail.com" }), "203.0.113.9"));
    // Dots still tell two mailboxes apart where the provider reads them.
    expect((await post(checkoutBody({ email: "v.ictim@example.com" }), "203.0.113.9")).status).toBe(200);
  });

  it("counts the IPv6 addresses of one /64 as one address", async () => {
    for (let i = 1; i <= 6; i++)
      expect(
        (await post(checkoutBody({ email: `six${i}@example.com` }), `2001:db8:7:7::${i.toString(16)}`)).status,
      ).toBe(200);
    await expectThrottled(await post(checkoutBody({ email: "seven@example.com" }), "2001:db8:7:7:ffff:1:2:3"));
    expect((await post(checkoutBody({ email: "seven@example.com" }), "2001:db8:7:8::1")).status).toBe(200);
  });

  it("limits the orders of one address across instances sharing the database", async () => {
    const second = buildApp({ config: store.config, data: store.data }, buildServices(store));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await post(
        checkoutBody({ email: `shopper${i}@example.com` }),
        "198.51.100.7",
        i % 2 ? second : store.app,
      );
      statuses.push(res.status);
      if (res.status === 429) await expectThrottled(res);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect((await post(checkoutBody({ email: "late@example.com" }), "198.51.100.8")).status).toBe(200);
  });
});

describe("order confirmations per inbox and day", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), {
    seed: true,
    env: { TRUST_PROXY: "yes", CHECKOUT_LIMIT_PER_EMAIL: "100", CHECKOUT_LIMIT_PER_EMAIL_DAY: "2" },
  });

  const post = (body: unknown, address: string) =>
    store.app.request("/api/checkout", jsonRequest("POST", body, { "X-Forwarded-For": address }));
  const written = async () => ({
    orders: (await store.query((db, t) => db.select({ id: t.orders.id }).from(t.orders))).length,
    mails: (await store.query((db, t) => db.select({ id: t.mailOutbox.id }).from(t.mailOutbox))).length,
  });

  it("refuses the order past the inbox's daily confirmations, whole, and counts only orders written", async () => {
    // A refused order sends no confirmation, so it uses none of the budget.
    const refused = await post(
      checkoutBody({ email: "victim@gmail.com", items: [{ id: "nope", qty: 1 }] }),
      "192.0.2.1",
    );
    expect(refused.status).toBe(400);
    expect((await post(checkoutBody({ email: "victim+a@gmail.com" }), "192.0.2.2")).status).toBe(200);
    expect((await post(checkoutBody({ email: "vic.tim@googlemail.com" }), "192.0.2.3")).status).toBe(200);
    await store.query((db, t) =>
      db.insert(t.promos).values({ code: "WELCOME10", percent: 10, createdAt: 1, updatedAt: 1 }),
    );
    const before = await written();
    const res = await post(checkoutBody({ email: "Victim+b@gmail.com", promoCode: "WELCOME10" }), "192.0.2.4");
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await res.json()).toEqual({
      error: CHECKOUT_MESSAGES.recipientDailyLimit,
      code: CHECKOUT_ERROR_CODES.recipientDailyLimit,
      params: { retryAfter },
      retryAfter,
    });
    // Nothing half-written: no order, no line, no mail, no promo use.
    expect(await written()).toEqual(before);
    const promo = await store.query((db, t) => db.select().from(t.promos).where(eq(t.promos.code, "WELCOME10")));
    expect(promo[0]?.usageCount).toBe(0);
    // Another inbox is not affected.
    expect((await post(checkoutBody({ email: "someone@gmail.com" }), "192.0.2.4")).status).toBe(200);
  });
});

describe("promo guesses and the other public budgets", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), { seed: true, env: { TRUST_PROXY: "yes" } });

  const from = (address: string, body?: unknown) =>
    jsonRequest(body === undefined ? "GET" : "POST", body, { "X-Forwarded-For": address });

  it("counts promo codes sent with a checkout as guesses, and leaves order lookups and the newsletter alone", async () => {
    const guesser = "192.0.2.50";
    for (let i = 0; i < 30; i++) {
      const body = checkoutBody({ email: `guess${i % 5}-${i}@example.com`, promoCode: `GUESS${i}` });
      expect((await store.app.request("/api/checkout", from(guesser, body))).status, `guess ${i}`).toBe(400);
    }
    const limited = await store.app.request("/api/checkout", from(guesser, checkoutBody({ promoCode: "GUESS31" })));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe(RATE_LIMITED);
    // The same budget as the promo check itself.
    expect((await store.app.request("/api/promos/validate", from(guesser, { code: "GUESS32" }))).status).toBe(429);
    // An order without a promo code, the order lookup and the newsletter each have their own budget.
    expect((await store.app.request("/api/checkout", from(guesser, checkoutBody()))).status).toBe(200);
    expect((await store.app.request("/api/orders/PNR-00000000", from(guesser))).status).toBe(404);
    expect((await store.app.request("/api/newsletter", from(guesser, { email: "fan@example.com" }))).status).toBe(201);
    // Another address guesses on.
    expect((await store.app.request("/api/promos/validate", from("192.0.2.51", { code: "GUESS33" }))).status).toBe(400);
  });

  it("holds the quantity limit after merging repeated lines (50 lines of 99 are not one line of 4,950)", async () => {
    const line = { id: "psn-10-us", qty: MAX_QTY };
    const merged = await store.app.request(
      "/api/checkout",
      from("192.0.2.60", checkoutBody({ items: Array(50).fill(line) })),
    );
    expect(merged.status).toBe(400);
    expect(await merged.json()).toMatchObject({ error: "Quantity must be a whole number from 1 to 99." });
    const split = [
      { id: "psn-10-us", qty: 50 },
      { id: "psn-10-us", qty: 50, variantId: null },
    ];
    expect((await store.app.request("/api/checkout", from("192.0.2.60", checkoutBody({ items: split })))).status).toBe(
      400,
    );
    const res = await store.app.request(
      "/api/checkout",
      from(
        "192.0.2.60",
        checkoutBody({
          items: [
            { id: "psn-10-us", qty: 4 },
            { id: "psn-10-us", qty: 5 },
          ],
        }),
      ),
    );
    expect(res.status).toBe(200);
    const lines = await store.query((db, t) => db.select({ qty: t.orderLines.qty }).from(t.orderLines));
    expect(lines).toEqual([{ qty: 9 }]);
  });
});
