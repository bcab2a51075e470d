import { describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import { checkoutResponseSchema, pricesChangedSchema } from "@store/shared/schemas/checkout";
import { createTestStore, storeForEachTest, jsonRequest, type TestStore } from "../../test/harness.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { SettingsRepo } from "../settings/settings.repo.ts";

describe("checkout", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), { seed: true });

  const post = (b: unknown, headers: Record<string, string> = {}) =>
    store.app.request("/api/checkout", jsonRequest("POST", b, headers));
  const counts = async () => ({
    orders: (await store.query((db, t) => db.select({ n: count() }).from(t.orders)))[0]?.n,
    lines: (await store.query((db, t) => db.select({ n: count() }).from(t.orderLines)))[0]?.n,
    outbox: (await store.query((db, t) => db.select({ n: count() }).from(t.mailOutbox)))[0]?.n,
    keys: (await store.query((db, t) => db.select({ n: count() }).from(t.idempotencyKeys)))[0]?.n,
  });

  it("places an order priced by the server and answers the spec's fields", async () => {
    const res = await post(
      checkoutBody({
        items: [
          { id: "psn-25-us", qty: 2 },
          { id: "steam-20", qty: 1 },
        ],
        subtotal: 6750,
      }),
    );
    expect(res.status).toBe(200);
    const out = checkoutResponseSchema.parse(await res.json());
    expect(out.panierCode).toMatch(/^PNR-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(out).toMatchObject({
      paymentLink: null,
      requiresPayment: false,
      emailSent: true,
      total: 6750,
      currency: "USD",
    });
    expect(out.orderUrl).toMatch(/^http:\/\/store\.test\/orders\/[A-Za-z0-9_-]{22}$/);
    const order = (
      await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, out.panierCode)))
    )[0];
    expect(order).toMatchObject({
      status: "pending_payment",
      subtotal: 6750,
      discount: 0,
      total: 6750,
      rate: "1",
      currency: "USD",
    });
    // Only a hash of the private token is stored.
    const token = out.orderUrl.split("/").pop() ?? "";
    expect(JSON.stringify(await store.query((db, t) => db.select().from(t.orders)))).not.toContain(token);
    expect(JSON.stringify(await store.query((db, t) => db.select().from(t.idempotencyKeys)))).not.toContain(token);
    const lines = await store.query((db, t) =>
      db
        .select()
        .from(t.orderLines)
        .where(eq(t.orderLines.orderId, order?.id ?? "")),
    );
    expect(lines.map((l) => [l.productId, l.qty, l.unitPrice, l.lineTotal])).toEqual([
      ["psn-25-us", 2, 2375, 4750],
      ["steam-20", 1, 2000, 2000],
    ]);
  });

  it("prices in TND with three decimals from the admin's daily rate", async () => {
    await store.data.transaction((tx) => new SettingsRepo().write(tx, "rate", { usdToTnd: 3.1, updatedAt: 1 }, 1, 1));
    const res = await post(
      checkoutBody({
        currency: "TND",
        items: [
          { id: "psn-25-us", qty: 2 },
          { id: "steam-20", qty: 1 },
        ],
      }),
    );
    const out = checkoutResponseSchema.parse(await res.json());
    // 25 x 3.1 = 77.500 less 5% = 73.625 (x2), plus 20 x 3.1 = 62.000
    expect(out.total).toBe(73625 * 2 + 62000);
    const order = (
      await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, out.panierCode)))
    )[0];
    expect(order?.rate).toBe("3.1");
  });

  it("applies a promo on the subtotal after product discounts, in TND and USD, and counts its use", async () => {
    await store.services.promos.create({ code: " save10 ", percent: 10, active: true });
    const tnd = checkoutResponseSchema.parse(
      await (
        await post(
          checkoutBody({
            currency: "TND",
            items: [
              { id: "psn-25-us", qty: 2 },
              { id: "steam-20", qty: 1 },
            ],
            promoCode: "save10",
            subtotal: 216000,
          }),
        )
      ).json(),
    );
    // 76.000 x 2 + 64.000 = 216.000 TND; less 10% = 194.400 TND
    expect(tnd.total).toBe(194400);
    expect(
      (await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, tnd.panierCode))))[0],
    ).toMatchObject({
      subtotal: 216000,
      discount: 21600,
      promoCode: "SAVE10",
      promoPercent: 10,
    });
    const usd = checkoutResponseSchema.parse(
      await (
        await post(
          checkoutBody({
            items: [
              { id: "psn-25-us", qty: 2 },
              { id: "steam-20", qty: 1 },
            ],
            promoCode: "SAVE10",
          }),
        )
      ).json(),
    );
    expect(usd.total).toBe(6075);
    expect(
      (await store.query((db, t) => db.select().from(t.promos).where(eq(t.promos.code, "SAVE10"))))[0]?.usageCount,
    ).toBe(2);
  });

  it("refuses an unknown or inactive promo and writes nothing", async () => {
    await store.services.promos.create({ code: "OLD", percent: 50, active: false });
    const before = await counts();
    for (const promoCode of ["NOPE", "old"]) {
      const res = await post(checkoutBody({ promoCode }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid or inactive code" });
    }
    expect(await counts()).toEqual(before);
    expect(
      (await store.query((db, t) => db.select().from(t.promos).where(eq(t.promos.code, "OLD"))))[0]?.usageCount,
    ).toBe(0);
  });

  it("answers 409 with current prices when the client's subtotal lies, and writes nothing", async () => {
    const before = await counts();
    const res = await post(checkoutBody({ items: [{ id: "psn-25-us", qty: 2 }], subtotal: 100 }), {
      "Idempotency-Key": "k-lie",
    });
    expect(res.status).toBe(409);
    const err = pricesChangedSchema.parse(await res.json());
    expect(err.error).toBe("Prices have changed. Please review your cart.");
    expect(err).toMatchObject({ subtotal: 4750, prices: [{ id: "psn-25-us", variantId: null, unitPrice: 2375 }] });
    expect(await counts()).toEqual(before);
  });

  it("ignores unit prices and other fields the client adds", async () => {
    const res = await post({
      ...checkoutBody(),
      items: [{ id: "psn-10-us", qty: 3, unitPrice: 1, price: 0 }],
      total: 1,
      discount: 99,
      status: "paid",
    });
    expect(res.status).toBe(200);
    const out = checkoutResponseSchema.parse(await res.json());
    expect(out.total).toBe(3000);
    expect(
      (await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, out.panierCode))))[0]?.status,
    ).toBe("pending_payment");
  });

  it("accepts a request without subtotal and prices variants", async () => {
    const res = await post(checkoutBody({ items: [{ id: "spotify-3m", variantId: "spotify-3m-v3", qty: 1 }] }));
    const out = checkoutResponseSchema.parse(await res.json());
    // 99.00 less the product's 15%
    expect(out.total).toBe(8415);
  });

  it("refuses unknown products and options with their id, and a product with options but none chosen", async () => {
    const before = await counts();
    let res = await post(
      checkoutBody({
        items: [
          { id: "psn-10-us", qty: 1 },
          { id: "ghost", qty: 1 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: "ghost", error: expect.stringContaining("ghost") });
    res = await post(checkoutBody({ items: [{ id: "spotify-3m", variantId: "psn-10-us-v1", qty: 1 }] }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: "spotify-3m", variantId: "psn-10-us-v1" });
    res = await post(checkoutBody({ items: [{ id: "spotify-3m", qty: 1 }] }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "option_required", id: "spotify-3m", title: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it("refuses an out-of-stock product with 409 and a clear message", async () => {
    await store.query((db, t) => db.update(t.products).set({ inStock: false }).where(eq(t.products.id, "steam-20")));
    const res = await post(checkoutBody({ items: [{ id: "steam-20", qty: 1 }] }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: '"Steam Wallet $20" is out of stock. Please remove it from your cart.',
      id: "steam-20",
      // the storefront says it in the shopper's language from these
      code: "out_of_stock",
      title: "Steam Wallet $20",
    });
    expect((await counts()).orders).toBe(0);
  });

  it("refuses bad quantities, contact details, notes, currency and carts with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [checkoutBody({ items: [{ id: "psn-10-us", qty: 0 }] }), "Quantity must be a whole number from 1 to 99."],
      [checkoutBody({ items: [{ id: "psn-10-us", qty: -2 }] }), "Quantity must be a whole number from 1 to 99."],
      [checkoutBody({ items: [{ id: "psn-10-us", qty: 1e9 }] }), "Quantity must be a whole number from 1 to 99."],
      [checkoutBody({ items: [{ id: "psn-10-us", qty: 1.5 }] }), "Quantity must be a whole number from 1 to 99."],
      [checkoutBody({ items: [] }), "Your cart is empty."],
      [
        checkoutBody({ items: Array.from({ length: 51 }, () => ({ id: "psn-10-us", qty: 1 })) }),
        "A cart can hold at most 50 lines.",
      ],
      [checkoutBody({ name: "A" }), "Full name is required."],
      [checkoutBody({ email: "not-an-email" }), "Please enter a valid email address."],
      [checkoutBody({ whatsapp: "12345" }), "Please enter a valid phone number."],
      [checkoutBody({ whatsapp: "+216 abc 456" }), "Please enter a valid phone number."],
      [checkoutBody({ notes: "x".repeat(1001) }), "Notes must be at most 1000 characters."],
      [{ ...checkoutBody(), currency: "GBP" }, "Please choose a currency."],
      [{ ...checkoutBody(), subtotal: -5 }, "Invalid input: expected number to be >=0"],
    ];
    for (const [b, message] of cases) {
      const res = await post(b);
      expect(res.status, message).toBe(400);
      const json = (await res.json()) as { error: string };
      if (!message.startsWith("Invalid input")) expect(json.error).toBe(message);
    }
    const malformed = await store.app.request("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    expect((await counts()).orders).toBe(0);
  });

  it("accepts notes of exactly 1000 characters", async () => {
    expect((await post(checkoutBody({ notes: "x".repeat(1000) }))).status).toBe(200);
  });

  it("places one order for a double submit with one Idempotency-Key, and replays the first answer", async () => {
    const b = checkoutBody({ items: [{ id: "steam-20", qty: 2 }] });
    const [a, c] = await Promise.all([
      post(b, { "Idempotency-Key": "key-1" }),
      post(b, { "Idempotency-Key": "key-1" }),
    ]);
    const first = checkoutResponseSchema.parse(await a.json());
    const second = checkoutResponseSchema.parse(await c.json());
    expect(second.panierCode).toBe(first.panierCode);
    expect(second.orderUrl).toBe(first.orderUrl);
    const third = checkoutResponseSchema.parse(await (await post(b, { "Idempotency-Key": "key-1" })).json());
    expect(third).toEqual({ ...first, emailSent: true });
    expect(await counts()).toMatchObject({ orders: 1, lines: 1, outbox: 1, keys: 1 });
  });

  it("places concurrent orders (committed together) and refuses a bad one alone, leaving nothing of it", async () => {
    await store.query((db, t) => db.update(t.products).set({ inStock: false }).where(eq(t.products.id, "steam-20")));
    const responses = await Promise.all([
      post(checkoutBody({ email: "one@example.com" }), { "Idempotency-Key": "c-1" }),
      post(checkoutBody({ items: [{ id: "steam-20", qty: 1 }] }), { "Idempotency-Key": "c-2" }),
      post(checkoutBody({ email: "three@example.com" }), { "Idempotency-Key": "c-3" }),
      post(checkoutBody({ promoCode: "NOPE" }), { "Idempotency-Key": "c-4" }),
      post(checkoutBody({ email: "five@example.com" }), { "Idempotency-Key": "c-5" }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 409, 200, 400, 200]);
    const placed = await Promise.all(
      responses.filter((r) => r.status === 200).map(async (r) => checkoutResponseSchema.parse(await r.json())),
    );
    const codes = placed.map((p) => p.panierCode);
    expect(new Set(codes).size).toBe(3);
    expect(await counts()).toEqual({ orders: 3, lines: 3, outbox: 3, keys: 3 });
    expect(
      (await store.query((db, t) => db.select({ email: t.orders.customerEmail }).from(t.orders)))
        .map((o) => o.email)
        .sort(),
    ).toEqual(["five@example.com", "one@example.com", "three@example.com"]);
  });

  it("draws another order code when the random one is taken already", async () => {
    const first = checkoutResponseSchema.parse(await (await post(checkoutBody())).json());
    const taken = vi.spyOn(store.services.ordersRepo, "codeTaken").mockImplementationOnce(() => Promise.resolve(true));
    const res = await post(checkoutBody());
    expect(res.status).toBe(200);
    const second = checkoutResponseSchema.parse(await res.json());
    expect(taken).toHaveBeenCalledTimes(2);
    const drawn = await taken.mock.results[1]?.value;
    expect(drawn).toBe(false);
    expect(second.panierCode).not.toBe(first.panierCode);
    expect(await counts()).toMatchObject({ orders: 2 });
  });

  it("refuses a reused Idempotency-Key with a different body", async () => {
    expect((await post(checkoutBody(), { "Idempotency-Key": "key-2" })).status).toBe(200);
    const before = await counts();
    const res = await post(checkoutBody({ items: [{ id: "steam-20", qty: 1 }] }), { "Idempotency-Key": "key-2" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("different details") });
    expect(await counts()).toEqual(before);
  });

  it("writes an English operator notification when OPERATOR_EMAIL is set", async () => {
    const s = await createTestStore({ seed: true, env: { OPERATOR_EMAIL: "ops@store.test" } });
    try {
      const res = await s.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ locale: "fr" })));
      const out = checkoutResponseSchema.parse(await res.json());
      const mails = await s.query((db, t) => db.select().from(t.mailOutbox));
      expect(mails.map((m) => [m.kind, m.to])).toEqual([
        ["order_confirmation", "amira@example.com"],
        ["operator_new_order", "ops@store.test"],
      ]);
      expect(mails[0]?.subject).toBe(`Commande ${out.panierCode} reçue : paiement en attente`);
      expect(mails[1]?.subject).toContain(`New order ${out.panierCode}`);
      expect(mails[1]?.text).not.toContain(out.orderUrl);
    } finally {
      await s.close();
    }
  });
});
