import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import { privateOrderSchema, publicOrderSchema } from "@store/shared/schemas/orders";
import { createTestStore, storeForEachTest, jsonRequest, type TestStore } from "../../test/harness.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { newOrderCode, normalizeOrderCode } from "./order-code.ts";
import { insertOrder } from "../../test/orders.ts";
import { OrdersRepo } from "./orders.repo.ts";

function body(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return checkoutBody({ items: [{ id: "psn-25-us", qty: 2 }], notes: "Please send quickly", ...overrides });
}

describe("orders", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), { seed: true });

  async function place(b: CheckoutRequest = body()) {
    const res = await store.app.request("/api/checkout", jsonRequest("POST", b));
    return checkoutResponseSchema.parse(await res.json());
  }

  it("writes nothing when an order's code is taken already, so checkout can draw another", async () => {
    const placed = await place();
    const [first] = await store.query((db, t) =>
      db.select().from(t.orders).where(eq(t.orders.code, placed.panierCode)),
    );
    if (!first) throw new Error("no order");
    const again = await store.data.transaction((tx) =>
      insertOrder(
        new OrdersRepo(store.data.engine),
        tx,
        { ...first, id: "ord_collision", accessTokenHash: "another-hash" },
        [
          {
            productId: "psn-25-us",
            variantId: null,
            title: "PSN",
            variantName: null,
            qty: 1,
            unitPrice: 1,
            lineTotal: 1,
          },
        ],
      ),
    );
    expect(again).toBeUndefined();
    expect(await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.id, "ord_collision")))).toEqual(
      [],
    );
    expect(
      await store.query((db, t) => db.select().from(t.orderLines).where(eq(t.orderLines.orderId, "ord_collision"))),
    ).toEqual([]);
  });

  it("writes an order's lines in one statement and answers their ids in the order of the lines", async () => {
    const placed = await place();
    const [first] = await store.query((db, t) =>
      db.select().from(t.orders).where(eq(t.orders.code, placed.panierCode)),
    );
    if (!first) throw new Error("no order");
    const products = ["xbox-25", "psn-25-us", "steam-20", "netflix-1m", "apple-10"];
    const lines = products.map((productId, i) => ({
      productId,
      variantId: null,
      title: `Line ${i}`,
      variantName: null,
      qty: i + 1,
      unitPrice: 100,
      lineTotal: 100 * (i + 1),
    }));
    const ids = await store.data.transaction((tx) =>
      insertOrder(
        new OrdersRepo(store.data.engine),
        tx,
        { ...first, id: "ord_lines", code: "PNR-LINES000", accessTokenHash: "lines-hash" },
        lines,
      ),
    );
    if (!ids) throw new Error("not written");
    const written = await store.query((db, t) =>
      db.select().from(t.orderLines).where(eq(t.orderLines.orderId, "ord_lines")),
    );
    expect(ids.map((id) => written.find((l) => l.id === id)?.productId)).toEqual(products);
    expect(ids.map((id) => written.find((l) => l.id === id)?.qty)).toEqual([1, 2, 3, 4, 5]);
  });

  it("makes order codes of PNR- and 8 Crockford characters, and reads back what a person types", () => {
    const codes = new Set(Array.from({ length: 2000 }, newOrderCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^PNR-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(normalizeOrderCode(" pnr-ab1o0l2i ")).toBe("PNR-AB100121");
    expect(normalizeOrderCode("PNR-12345")).toBeUndefined();
  });

  it("looks an order up publicly with only its code, the first name and the status", async () => {
    const out = await place();
    const res = await store.app.request(`/api/orders/${out.panierCode.toLowerCase()}`);
    expect(res.status).toBe(200);
    const json: unknown = await res.json();
    expect(json).toEqual({ code: out.panierCode, firstName: "Amira", status: "pending_payment" });
    publicOrderSchema.parse(json);
  });

  it("answers 404 JSON for an unknown or malformed code", async () => {
    for (const code of ["PNR-00000000", "nonsense", "PNR-12345"]) {
      const res = await store.app.request(`/api/orders/${code}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Order not found", code: "not_found" });
    }
  });

  it("rate limits the public lookup per address with 429 and Retry-After", async () => {
    const out = await place();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await store.app.request(`/api/orders/${out.panierCode}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await store.app.request(`/api/orders/${out.panierCode}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: expect.any(String) });
  });

  it("shows the private order page for the token, and 404 for any other", async () => {
    await store.services.promos.create({ code: "TEN", percent: 10 });
    const out = await place(
      body({
        items: [
          { id: "psn-25-us", qty: 2 },
          { id: "spotify-3m", variantId: "spotify-3m-v1", qty: 1 },
        ],
        promoCode: "ten",
        locale: "ar",
      }),
    );
    const token = out.orderUrl.split("/").pop() ?? "";
    const res = await store.app.request(`/api/orders/private/${token}`);
    expect(res.status).toBe(200);
    const page = privateOrderSchema.parse(await res.json());
    expect(page).toMatchObject({
      code: out.panierCode,
      status: "pending_payment",
      firstName: "Amira",
      locale: "ar",
      currency: "USD",
      subtotal: 4750 + 935,
      discount: 568,
      total: out.total,
      promoCode: "TEN",
      codes: [],
    });
    expect(page.lines).toEqual([
      {
        id: "psn-25-us",
        variantId: null,
        title: "PlayStation Store $25 Gift Card (US)",
        variantName: null,
        qty: 2,
        unitPrice: 2375,
        lineTotal: 4750,
      },
      {
        id: "spotify-3m",
        variantId: "spotify-3m-v1",
        title: "Spotify Premium 3 Months",
        variantName: "1 month",
        qty: 1,
        unitPrice: 935,
        lineTotal: 935,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain("amira@example.com");
    for (const bad of ["A".repeat(22), "short", `${token}x`]) {
      expect((await store.app.request(`/api/orders/private/${bad}`)).status).toBe(404);
    }
  });

  it("computes the dashboard metrics of D20", async () => {
    const day = 24 * 3600_000;
    await place(body({ email: "A@x.io" }));
    await place(body({ email: "a@X.io" }));
    await place(body({ email: "b@x.io" }));
    const now = Date.now();
    const codes = (await store.query((db, t) => db.select({ code: t.orders.code }).from(t.orders))).map((r) => r.code);
    // one order ten days ago (prior window)
    await store.query((db, t) =>
      db
        .update(t.orders)
        .set({ createdAt: now - 10 * day })
        .where(eq(t.orders.code, codes[0] ?? "")),
    );
    const m = await store.services.orders.metrics(now);
    expect(m).toEqual({
      totalOrders: 3,
      uniqueCustomers: 2,
      totalProducts: 48,
      recentOrders: 2,
      priorOrders: 1,
      growthPercentage: 100,
    });
    // The all-time totals are kept up to ten minutes before the view (D32) and carried forward by later views.
    const kept = async () => (await store.query((db, t) => db.select().from(t.orderTotals)))[0];
    expect(await kept()).toMatchObject({ upTo: now - 10 * 60_000, orders: 1, customers: 1 });
    await place(body({ email: "c@x.io" }));
    await place(body({ email: "B@X.IO" }));
    const later = now + 3600_000;
    expect(await store.services.orders.metrics(later)).toMatchObject({ totalOrders: 5, uniqueCustomers: 3 });
    expect(await kept()).toMatchObject({ upTo: later - 10 * 60_000, orders: 5, customers: 3 });
    expect(await store.services.orders.metrics(later)).toMatchObject({ totalOrders: 5, uniqueCustomers: 3 });
    const empty = await createTestStore();
    try {
      expect(await empty.services.orders.metrics(now)).toMatchObject({ totalOrders: 0, growthPercentage: 0 });
    } finally {
      await empty.close();
    }
  });

  it("lists recent orders with customer and items, finds one by code, and cancels", async () => {
    const a = await place();
    const b = await place(body({ name: "Karim", items: [{ id: "steam-20", qty: 1 }] }));
    const recent = (await store.services.orders.list({ limit: 10 })).orders;
    expect(recent.map((o) => o.code).sort()).toEqual([a.panierCode, b.panierCode].sort());
    const found = await store.services.orders.findByCode(b.panierCode.toLowerCase());
    expect(found).toMatchObject({
      customer: { name: "Karim", email: "amira@example.com", whatsapp: "+216 20 123 456" },
      items: [{ id: "steam-20", qty: 1 }],
    });
    const admin = { username: "admin" };
    expect((await store.services.orders.cancel(b.panierCode, admin)).status).toBe("cancelled");
    await expect(store.services.orders.cancel(b.panierCode, admin)).rejects.toThrow(/cannot be cancelled/);
    await expect(store.services.orders.markPaid("PNR-00000000", admin)).rejects.toThrow(/not found/);
  });
});
