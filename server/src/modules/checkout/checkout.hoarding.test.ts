/** Stock hoarding (docs/operations.md "Limits"): one order holds at most the operator's limit of a product, one
 * client address and one recipient hold at most so many units unpaid (per product and in all), one recipient gets
 * at most so many units of a product a day, the operator sets how long a manual-payment order holds its codes, and
 * Admin > Orders > Held stock releases an unpaid order's codes. Every refusal writes nothing. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { apiErrorSchema } from "@store/shared/schemas/errors";
import { CHECKOUT_ERROR_CODES, checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import { heldStockSchema } from "@store/shared/schemas/stock";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { syncDelta, syncVersion } from "../../test/sync.ts";

/** Sold from 100 codes in these tests. */
const PRODUCT = "psn-10-us";
const STOCK = 100;
/** Sold by hand (no codes). */
const MANUAL = "steam-20";

let store: TestStore;
let admin: AdminClient;

async function open(env: Record<string, string> = {}): Promise<void> {
  store = await createTestStore({ seed: true, env: { ...ADMIN_ENV, TRUST_PROXY: "yes", ...env } });
  admin = await signIn(store);
  expect((await admin.request("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(
    200,
  );
  const text = Array.from({ length: STOCK }, (_, i) => `HOARD-${String(i).padStart(3, "0")}-CODE`).join("\n");
  expect((await admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text })).status).toBe(200);
}
afterEach(() => store.close());

function order(
  items: CheckoutRequest["items"],
  { email = "amira@example.com", from = "203.0.113.1" }: { email?: string; from?: string } = {},
): Promise<Response> {
  return Promise.resolve(
    store.app.request(
      "/api/checkout",
      jsonRequest("POST", checkoutBody({ items, email }), { "X-Forwarded-For": from }),
    ),
  );
}
const units = (qty: number, id = PRODUCT) => [{ id, qty }];

async function placed(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await res.json()).panierCode;
}

async function refused(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = apiErrorSchema.parse(await res.json());
  expect(body.code).toBe(code);
  return body.params ?? {};
}

/** What a refusal must leave as it was: orders, their lines, mail, and the product's codes by status. */
async function footprint(): Promise<unknown> {
  return store.query(async (db, t) => ({
    orders: (await db.select({ n: count() }).from(t.orders))[0]?.n,
    lines: (await db.select({ n: count() }).from(t.orderLines))[0]?.n,
    mail: (await db.select({ n: count() }).from(t.mailOutbox))[0]?.n,
    available: await available(),
  }));
}

async function available(): Promise<number> {
  const rows = await store.query((db, t) =>
    db
      .select({ n: count() })
      .from(t.codes)
      .where(and(eq(t.codes.productId, PRODUCT), eq(t.codes.status, "available"))),
  );
  return rows[0]?.n ?? 0;
}

describe("the per-order quantity limit", () => {
  beforeEach(() => open());

  it("refuses more than 10 of one product by default, lines of it added together, and writes nothing", async () => {
    const before = await footprint();
    const params = await refused(await order(units(11)), 400, CHECKOUT_ERROR_CODES.quantityLimit);
    expect(params).toEqual({ title: "PlayStation Store $10 Gift Card (US)", limit: 10 });
    await refused(
      await order([
        { id: PRODUCT, qty: 6 },
        { id: PRODUCT, qty: 5 },
      ]),
      400,
      CHECKOUT_ERROR_CODES.quantityLimit,
    );
    expect(await footprint()).toEqual(before);
    await placed(await order(units(10)));
    expect(await available()).toBe(STOCK - 10);
  });

  it("follows the operator's setting, which reaches the storefront's sync", async () => {
    expect(await (await admin.request("GET", "/api/admin/order-limits")).json()).toEqual({
      maxQtyPerOrder: 10,
      reservationHours: 24,
    });
    const v = await syncVersion(store);
    const saved = await admin.request("PUT", "/api/admin/order-limits", { maxQtyPerOrder: 3, reservationHours: 24 });
    expect(saved.status).toBe(200);
    expect((await syncDelta(store, v)).settings?.maxQtyPerOrder).toBe(3);
    expect(await refused(await order(units(4)), 400, CHECKOUT_ERROR_CODES.quantityLimit)).toMatchObject({ limit: 3 });
    await placed(await order(units(3)));
  });

  it("refuses a limit out of bounds (400) or without a session (401), and keeps the saved one", async () => {
    const v = await syncVersion(store);
    for (const maxQtyPerOrder of [0, 100, 2.5, "5", null]) {
      const res = await admin.request("PUT", "/api/admin/order-limits", { maxQtyPerOrder, reservationHours: 24 });
      expect(res.status, String(maxQtyPerOrder)).toBe(400);
    }
    for (const reservationHours of [0, 721])
      expect(
        (await admin.request("PUT", "/api/admin/order-limits", { maxQtyPerOrder: 5, reservationHours })).status,
      ).toBe(400);
    const anonymous = await store.app.request(
      "/api/admin/order-limits",
      jsonRequest("PUT", { maxQtyPerOrder: 99, reservationHours: 1 }),
    );
    expect(anonymous.status).toBe(401);
    expect(await syncVersion(store)).toBe(v);
    expect(await (await admin.request("GET", "/api/admin/order-limits")).json()).toEqual({
      maxQtyPerOrder: 10,
      reservationHours: 24,
    });
  });

  it("holds a manual-payment order's codes for the operator's reservation time (24 hours by default)", async () => {
    const expiry = async (code: string) =>
      (await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code))))[0];
    const first = await expiry(await placed(await order(units(1))));
    expect((first?.expiresAt ?? 0) - (first?.createdAt ?? 0)).toBe(24 * 3_600_000);
    await admin.request("PUT", "/api/admin/order-limits", { maxQtyPerOrder: 10, reservationHours: 2 });
    const second = await expiry(await placed(await order(units(1), { email: "other@example.com" })));
    expect((second?.expiresAt ?? 0) - (second?.createdAt ?? 0)).toBe(2 * 3_600_000);
    expect(second?.clientAddress).toBe("203.0.113.1");
  });
});

describe("units held unpaid", () => {
  it("bounds one product per address and per recipient (20 by default), across orders", async () => {
    await open();
    await placed(await order(units(10)));
    await placed(await order(units(10), { email: "second@example.com" }));
    const before = await footprint();
    // The same address, a third recipient; the first recipient, another address.
    const params = await refused(
      await order(units(1), { email: "third@example.com" }),
      409,
      CHECKOUT_ERROR_CODES.heldLimit,
    );
    expect(params).toMatchObject({ limit: 20, held: 20 });
    await placed(await order(units(10), { email: "amira@example.com", from: "198.51.100.2" }));
    await refused(
      await order(units(1), { email: "amira@example.com", from: "198.51.100.3" }),
      409,
      CHECKOUT_ERROR_CODES.heldLimit,
    );
    expect(await footprint()).not.toEqual(before);
    const after = await footprint();
    await refused(await order(units(1), { from: "198.51.100.4" }), 409, CHECKOUT_ERROR_CODES.heldLimit);
    expect(await footprint()).toEqual(after);
    // Another client is not affected; a paid order holds nothing any more.
    await placed(await order(units(5), { email: "else@example.com", from: "198.51.100.5" }));
    const first = (
      await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.customerEmail, "second@example.com")))
    )[0];
    expect((await admin.request("POST", `/api/admin/orders/${first?.code ?? ""}/mark-paid`, {})).status).toBe(200);
    await placed(await order(units(10), { email: "third@example.com" }));
  });

  it("bounds all products together per address and per recipient", async () => {
    await open({ HELD_UNITS_TOTAL: "15" });
    await placed(await order(units(10)));
    const before = await footprint();
    const params = await refused(
      await order(units(6, MANUAL), { email: "other@example.com" }),
      409,
      CHECKOUT_ERROR_CODES.heldTotalLimit,
    );
    expect(params).toEqual({ limit: 15, held: 10 });
    await refused(await order(units(6, MANUAL), { from: "198.51.100.9" }), 409, CHECKOUT_ERROR_CODES.heldTotalLimit);
    expect(await footprint()).toEqual(before);
    await placed(await order(units(5, MANUAL), { email: "other@example.com" }));
  });

  it("bounds what one recipient gets of a product in 24 hours, paid or not, cancelled orders aside", async () => {
    await open({ RECIPIENT_UNITS_PER_DAY: "12" });
    const paid = await placed(await order(units(10)));
    expect((await admin.request("POST", `/api/admin/orders/${paid}/mark-paid`, {})).status).toBe(200);
    const before = await footprint();
    const params = await refused(
      await order(units(3), { from: "198.51.100.7" }),
      409,
      CHECKOUT_ERROR_CODES.recipientDailyLimit,
    );
    expect(params).toEqual({ title: "PlayStation Store $10 Gift Card (US)", limit: 12 });
    expect(await footprint()).toEqual(before);
    const cancelled = await placed(await order(units(2), { from: "198.51.100.7" }));
    expect((await admin.request("POST", `/api/admin/orders/${cancelled}/cancel`, {})).status).toBe(200);
    await placed(await order(units(2), { from: "198.51.100.8" }));
    // Another recipient is not affected.
    await placed(await order(units(10), { email: "friend@example.com" }));
  });

  it("counts nothing when the operator turns the hold limits off (0), and the per-order limit still holds", async () => {
    await open({ HELD_UNITS_PER_PRODUCT: "0", HELD_UNITS_TOTAL: "0", RECIPIENT_UNITS_PER_DAY: "0" });
    for (let i = 0; i < 3; i++) await placed(await order(units(10)));
    await refused(await order(units(11)), 400, CHECKOUT_ERROR_CODES.quantityLimit);
    expect(await available()).toBe(STOCK - 30);
  });

  it("keeps at least 80% of a product's stock buyable when one client tries to hold it all", async () => {
    await open();
    // One address, one recipient, ordering again and again.
    for (let i = 0; i < 15; i++) await order(units(10));
    expect(await available()).toBeGreaterThanOrEqual(STOCK * 0.8);
    // The same address naming ten recipients.
    for (let r = 0; r < 10; r++)
      for (let i = 0; i < 3; i++) await order(units(10), { email: `hoarder${r}@example.com` });
    expect(await available()).toBeGreaterThanOrEqual(STOCK * 0.8);
    // What is left sells to others.
    await placed(await order(units(10), { email: "shopper@example.com", from: "192.0.2.77" }));
  });
});

describe("Admin > Orders > Held stock", () => {
  beforeEach(() => open());

  it("lists the codes held unpaid and releases an order's at once", async () => {
    const code = await placed(await order(units(7)));
    await placed(await order(units(1, MANUAL), { email: "manual@example.com" }));
    const held = heldStockSchema.parse(await (await admin.request("GET", "/api/admin/held-stock")).json());
    expect(held.more).toBe(false);
    expect(held.rows).toEqual([
      expect.objectContaining({ code, customerEmail: "amira@example.com", productId: PRODUCT, units: 7 }),
    ]);
    expect(held.rows[0]?.expiresAt).toBe((held.rows[0]?.createdAt ?? 0) + 24 * 3_600_000);
    expect(await available()).toBe(STOCK - 7);

    const res = await admin.request("POST", `/api/admin/orders/${code}/release`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "cancelled" });
    expect(await available()).toBe(STOCK);
    const after = heldStockSchema.parse(await (await admin.request("GET", "/api/admin/held-stock")).json());
    expect(after.rows).toEqual([]);
    const events = await store.query((db, t) => db.select().from(t.orderEvents));
    expect(events.some((e) => e.action === "cancelled" && e.detail === "held stock released")).toBe(true);
    // The client may hold again.
    await placed(await order(units(10)));
  });

  it("refuses to release an order not awaiting payment (409), an unknown one (404), and without a session (401)", async () => {
    const code = await placed(await order(units(2)));
    expect((await admin.request("POST", `/api/admin/orders/${code}/mark-paid`, {})).status).toBe(200);
    const before = await footprint();
    const paid = await admin.request("POST", `/api/admin/orders/${code}/release`, {});
    expect(paid.status).toBe(409);
    expect(apiErrorSchema.parse(await paid.json())).toMatchObject({
      code: ADMIN_ERROR_CODES.notAwaitingPayment,
      orderStatus: "delivered",
    });
    expect((await admin.request("POST", "/api/admin/orders/PNR-00000000/release", {})).status).toBe(404);

    const unpaid = await placed(await order(units(3), { email: "second@example.com" }));
    const middle = await footprint();
    const anonymous = await store.app.request(`/api/admin/orders/${unpaid}/release`, jsonRequest("POST", {}));
    expect(anonymous.status).toBe(401);
    expect((await store.app.request("/api/admin/held-stock")).status).toBe(401);
    expect(await footprint()).toEqual(middle);
    expect(before).not.toEqual(middle);
    const still = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, unpaid)));
    expect(still[0]?.status).toBe("pending_payment");
  });
});
