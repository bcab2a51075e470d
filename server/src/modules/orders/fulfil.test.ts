/** The operator's fulfilment of paid orders of manual products (docs/product.md, "Dashboard"), on SQLite and
 * (TEST_DATABASE=postgres) PostgreSQL: typed codes stored sealed and sold with the order, codes from stock, one
 * delivery email, the refusals that write nothing, mixed orders waiting for the operator, and the dashboard's work to
 * do. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { checkoutResponseSchema, type CheckoutResponse } from "@store/shared/schemas/checkout";
import {
  adminOrderDetailSchema,
  awaitingFulfilmentSchema,
  devMailSchema,
  devMailSummarySchema,
  privateOrderSchema,
  type AdminOrderDetail,
  type FulfilOrderRequest,
} from "@store/shared/schemas/orders";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import { signIn, ADMIN_ENV, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { DELIVERY_KIND } from "./order-mails.ts";

let store: TestStore;
let admin: AdminClient;
let serial = 0;

beforeAll(async () => {
  store = await createTestStore({ seed: true, env: { ...ADMIN_ENV, CHECKOUT_LIMIT_PER_EMAIL: "1000" } });
  admin = await signIn(store);
});
afterAll(() => store.close());

const usd = (cents: number) => ({ USD: cents, TND: 0, EUR: 0, EGP: 0 });

/** A product of this test's own (the demo catalog's delivery modes are not under test here). */
async function product(deliveryMode: "manual" | "automatic", codes: string[] = [], variants: string[] = []) {
  serial++;
  const res = await admin.request("POST", "/api/admin/products", {
    title: `Fulfil test ${deliveryMode} ${serial}`,
    description: "A product of the fulfilment tests.",
    price: usd(500),
    deliveryMode,
    inStock: true,
    variants: variants.map((name) => ({ name, price: usd(500) })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { id: string; title: string; variants: { id: string }[] };
  if (codes.length > 0) {
    const imported = await admin.request("POST", `/api/admin/products/${created.id}/codes/import`, {
      text: codes.join("\n"),
      ...(created.variants[0] ? { variantId: created.variants[0].id } : {}),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
  }
  return created;
}

async function placed(items: { id: string; qty: number; variantId?: string }[]): Promise<CheckoutResponse> {
  const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ items })));
  expect(res.status, await res.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await res.json());
}

/** An order line of `qty` units of that product. */
const item = (p: { id: string }, qty = 1) => ({ id: p.id, qty });

async function markPaid(code: string): Promise<AdminOrderDetail> {
  const res = await admin.request("POST", `/api/admin/orders/${code}/mark-paid`);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminOrderDetailSchema.parse(await res.json());
}

async function paid(items: { id: string; qty: number; variantId?: string }[]): Promise<AdminOrderDetail> {
  return markPaid((await placed(items)).panierCode);
}

/** The order as the console's detail shows it. */
async function orderDetail(code: string): Promise<AdminOrderDetail> {
  const res = await admin.request("GET", `/api/admin/orders/${code}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminOrderDetailSchema.parse(await res.json());
}

function fulfil(code: string, body: FulfilOrderRequest | unknown): Promise<Response> {
  return admin.request("POST", `/api/admin/orders/${code}/fulfil`, body);
}

async function fulfilled(code: string, body: FulfilOrderRequest): Promise<AdminOrderDetail> {
  const res = await fulfil(code, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminOrderDetailSchema.parse(await res.json());
}

async function codeRows(orderId?: string) {
  return store.query((db, t) =>
    orderId ? db.select().from(t.codes).where(eq(t.codes.orderId, orderId)) : db.select().from(t.codes),
  );
}

async function orderRow(code: string) {
  const [row] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, code)));
  if (!row) throw new Error(`no order ${code}`);
  return row;
}

async function deliveryMails(orderId: string) {
  return (await store.query((db, t) => db.select().from(t.mailOutbox).where(eq(t.mailOutbox.orderId, orderId)))).filter(
    (m) => m.kind === DELIVERY_KIND,
  );
}

async function privatePage(orderUrl: string) {
  const token = orderUrl.split("/orders/")[1] ?? "";
  return privateOrderSchema.parse(await (await store.app.request(`/api/orders/private/${token}`)).json());
}

async function dashboardWork() {
  const res = await admin.request("GET", "/api/admin/awaiting-fulfilment");
  expect(res.status).toBe(200);
  return awaitingFulfilmentSchema.parse(await res.json()).orders;
}

describe("fulfilling a paid order of a manual product", () => {
  it("stores typed codes sealed and sold with the order, delivers it and queues one delivery email", async () => {
    const manual = await product("manual");
    const order = await placed([{ id: manual.id, qty: 2 }]);
    const before = await markPaid(order.panierCode);
    expect(before.status).toBe("paid");
    expect(before.actions).toEqual(["fulfil", "refund"]);
    const [line] = before.toFulfil;
    expect(before.toFulfil).toEqual([
      expect.objectContaining({ productId: manual.id, title: manual.title, qty: 2, missing: 2, available: 0 }),
    ]);
    expect((await dashboardWork()).map((o) => o.code)).toContain(order.panierCode);

    const after = await fulfilled(order.panierCode, {
      lines: [{ lineId: line?.lineId ?? "", codes: ["  GIFT-AAAA-1111 ", "GIFT-BBBB-2222"] }],
      note: "sent by hand",
    });
    expect(after.status).toBe("delivered");
    expect(after.toFulfil).toEqual([]);
    expect(after.actions).toContain("resend_delivery");
    expect(after.codes.map((c) => [c.status, c.masked, c.lineId])).toEqual([
      ["sold", "••••1111", line?.lineId],
      ["sold", "••••2222", line?.lineId],
    ]);
    const event = after.events.at(-1);
    expect(event).toMatchObject({ actor: "admin", action: "fulfilled", fromStatus: "paid", toStatus: "delivered" });
    expect(event?.detail).toBe("2 code(s) sent (2 typed, 0 from stock): ••••1111, ••••2222: sent by hand");

    const row = await orderRow(order.panierCode);
    const stored = await codeRows(row.id);
    expect(stored).toHaveLength(2);
    for (const c of stored) {
      expect(c.status).toBe("sold");
      expect(c.productId).toBe(manual.id);
      expect(c.soldAt).not.toBeNull();
      expect(c.sealed).not.toContain("GIFT-");
      expect(c.hash).not.toContain("GIFT-");
    }
    expect(JSON.stringify(after)).not.toContain("GIFT-AAAA");
    expect(await deliveryMails(row.id)).toHaveLength(1);

    const page = await privatePage(order.orderUrl);
    expect(page.status).toBe("delivered");
    expect(page.codes.map((c) => c.code)).toEqual(["GIFT-AAAA-1111", "GIFT-BBBB-2222"]);
    expect((await dashboardWork()).map((o) => o.code)).not.toContain(order.panierCode);

    // The mail, rendered when sent, carries each code once.
    await store.services.mailWorker.runOnce(Date.now() + 1);
    const list = devMailSummarySchema
      .array()
      .parse(await (await admin.request("GET", "/api/admin/mailbox?limit=500")).json());
    const mails = await Promise.all(
      list
        .filter((m) => m.subject.includes(order.panierCode))
        .map(async (m) => devMailSchema.parse(await (await admin.request("GET", `/api/admin/mailbox/${m.id}`)).json())),
    );
    const texts = mails.map((m) => m.text).join("\n");
    expect(texts.split("GIFT-AAAA-1111")).toHaveLength(2);
    expect(texts.split("GIFT-BBBB-2222")).toHaveLength(2);

    // A second fulfil is refused and changes nothing.
    const again = await fulfil(order.panierCode, { lines: [{ lineId: line?.lineId ?? "", codes: ["X", "Y"] }] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: ADMIN_ERROR_CODES.notAwaitingFulfilment,
      orderStatus: "delivered",
    });
    expect(await codeRows(row.id)).toHaveLength(2);
    expect(await deliveryMails(row.id)).toHaveLength(1);
  });

  it("takes codes from the product's stock, and refuses when it has too few", async () => {
    const manual = await product("manual", ["STOCKED-0001", "STOCKED-0002"]);
    const short = await paid([{ id: manual.id, qty: 3 }]);
    const lineId = short.toFulfil[0]?.lineId ?? "";
    expect(short.toFulfil[0]?.available).toBe(2);
    const refused = await fulfil(short.code, { lines: [{ lineId, fromStock: true }] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: ADMIN_ERROR_CODES.fulfilNotEnoughStock,
      title: manual.title,
      max: 3,
    });
    expect((await codeRows()).filter((c) => c.productId === manual.id).map((c) => c.status)).toEqual([
      "available",
      "available",
    ]);

    const order = await paid([{ id: manual.id, qty: 2 }]);
    const after = await fulfilled(order.code, {
      lines: [{ lineId: order.toFulfil[0]?.lineId ?? "", fromStock: true }],
    });
    expect(after.status).toBe("delivered");
    expect(after.codes.map((c) => [c.status, c.masked])).toEqual([
      ["sold", "••••0001"],
      ["sold", "••••0002"],
    ]);
    expect(after.events.at(-1)?.detail).toBe("2 code(s) sent (0 typed, 2 from stock): ••••0001, ••••0002");
    expect(await deliveryMails((await orderRow(order.code)).id)).toHaveLength(1);
    // The first order, still paid, now sees an empty stock.
    expect((await orderDetail(short.code)).toFulfil[0]?.available).toBe(0);
  });

  it("refuses bad input with a 400 and writes nothing", async () => {
    const manual = await product("manual", ["ALREADY-IN-STOCK"]);
    const other = await product("manual");
    const order = await paid([item(manual, 2), item(other)]);
    const [a, b] = order.toFulfil;
    const lineA = a?.lineId ?? "";
    const lineB = b?.lineId ?? "";
    const row = await orderRow(order.code);
    const codesBefore = (await codeRows()).length;
    /** A body fulfilling line A with `codes`, and line B with its one code. */
    const lineAWith = (codes: string[]) => ({
      lines: [
        { lineId: lineA, codes },
        { lineId: lineB, codes: ["B-1"] },
      ],
    });
    const cases: [unknown, string | undefined][] = [
      [lineAWith(["ONE"]), ADMIN_ERROR_CODES.fulfilWrongCount],
      [lineAWith(["ONE", "TWO", "THREE"]), ADMIN_ERROR_CODES.fulfilWrongCount],
      [lineAWith(["ONE", "   "]), undefined],
      [{ lines: [{ lineId: lineA, codes: ["ONE", "TWO"] }] }, ADMIN_ERROR_CODES.fulfilLineMismatch],
      [
        {
          lines: [
            { lineId: lineA, codes: ["ONE", "TWO"] },
            { lineId: "999999", codes: ["B-1"] },
          ],
        },
        ADMIN_ERROR_CODES.fulfilLineMismatch,
      ],
      [lineAWith(["ONE", "ONE"]), ADMIN_ERROR_CODES.fulfilCodeRefused],
      [lineAWith(["ONE", "ALREADY-IN-STOCK"]), ADMIN_ERROR_CODES.fulfilCodeRefused],
      [lineAWith(["ONE", "BAD\tCODE"]), ADMIN_ERROR_CODES.fulfilCodeRefused],
      [
        {
          lines: [
            { lineId: lineA, codes: ["ONE", "TWO"], fromStock: true },
            { lineId: lineB, codes: ["B"] },
          ],
        },
        undefined,
      ],
      [{ lines: [] }, undefined],
      [{}, undefined],
    ];
    for (const [body, code] of cases) {
      const res = await fulfil(order.code, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { error: string; code?: string };
      expect(json.error).not.toBe("");
      if (code) expect(json.code, JSON.stringify(body)).toBe(code);
    }
    expect((await codeRows()).length).toBe(codesBefore);
    expect((await orderRow(order.code)).status).toBe("paid");
    expect(await deliveryMails(row.id)).toHaveLength(0);
    const detail = await orderDetail(order.code);
    expect(detail.events.map((e) => e.action)).toEqual(["created", "payment_confirmed"]);

    // Then right: both lines at once, one email.
    const done = await fulfilled(order.code, {
      lines: [
        { lineId: lineB, codes: ["B-1"] },
        { lineId: lineA, codes: ["ONE", "TWO"] },
      ],
    });
    expect(done.status).toBe("delivered");
    expect(done.codes).toHaveLength(3);
    expect(await deliveryMails(row.id)).toHaveLength(1);
  });

  it("refuses a fulfil on an order that is not paid, and a caller without a session", async () => {
    const manual = await product("manual");
    const order = await placed([{ id: manual.id, qty: 1 }]);
    const detail = await orderDetail(order.panierCode);
    expect(detail.actions).not.toContain("fulfil");
    expect(detail.toFulfil).toEqual([]);
    const lines = [{ lineId: detail.items[0] ? "1" : "", codes: ["X-1"] }];
    const pending = await fulfil(order.panierCode, { lines });
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({
      code: ADMIN_ERROR_CODES.notAwaitingFulfilment,
      orderStatus: "pending_payment",
    });
    const anonymous = await store.app.request(
      `/api/admin/orders/${order.panierCode}/fulfil`,
      jsonRequest("POST", { lines }),
    );
    expect(anonymous.status).toBe(401);
    expect((await store.app.request("/api/admin/awaiting-fulfilment")).status).toBe(401);
    expect(await codeRows((await orderRow(order.panierCode)).id)).toEqual([]);
    const unknown = await fulfil("PNR-00000000", { lines });
    expect(unknown.status).toBe(404);
  });

  it("keeps a mixed order paid, its automatic codes reserved, until the operator fulfils it; one email has all", async () => {
    const automatic = await product("automatic", ["AUTO-CODE-0001"]);
    const manual = await product("manual");
    const order = await placed([item(automatic), item(manual)]);
    const detail = await markPaid(order.panierCode);
    expect(detail.status).toBe("paid");
    expect(detail.actions).toEqual(["fulfil", "refund"]);
    expect(detail.codes.map((c) => [c.status, c.masked])).toEqual([["reserved", "••••0001"]]);
    expect(detail.toFulfil.map((l) => l.productId)).toEqual([manual.id]);
    const row = await orderRow(order.panierCode);
    expect(await deliveryMails(row.id)).toHaveLength(0);
    expect((await dashboardWork()).find((o) => o.code === order.panierCode)).toMatchObject({ missing: 1 });
    expect((await privatePage(order.orderUrl)).codes).toEqual([]);

    const done = await fulfilled(order.panierCode, {
      lines: [{ lineId: detail.toFulfil[0]?.lineId ?? "", codes: ["MANUAL-CODE-0002"] }],
    });
    expect(done.status).toBe("delivered");
    expect(done.codes.map((c) => [c.status, c.masked]).sort()).toEqual([
      ["sold", "••••0001"],
      ["sold", "••••0002"],
    ]);
    expect(await deliveryMails(row.id)).toHaveLength(1);
    expect((await privatePage(order.orderUrl)).codes.map((c) => c.code).sort()).toEqual([
      "AUTO-CODE-0001",
      "MANUAL-CODE-0002",
    ]);
  });

  it("moves a mixed order awaiting stock back to paid once its automatic codes arrive", async () => {
    const automatic = await product("automatic", ["FIRST-CODE-0001"]);
    const manual = await product("manual");
    const placedOrder = await placed([item(manual), item(automatic)]);
    // The order expires (its code goes back to stock and is revoked), then its payment lands: it waits for stock.
    await store.services.orders.expireDue(Date.now() + 30 * 24 * 3600_000);
    const revoked = await admin.request("POST", `/api/admin/products/${automatic.id}/codes/revoke`, {
      code: "FIRST-CODE-0001",
    });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    await store.data.transaction((tx) =>
      store.services.orders.confirmPayment(tx, placedOrder.panierCode, Date.now(), "provider:test"),
    );
    const order = await orderDetail(placedOrder.panierCode);
    expect(order.status).toBe("awaiting_stock");
    expect(order.actions).not.toContain("fulfil");
    const imported = await admin.request("POST", `/api/admin/products/${automatic.id}/codes/import`, {
      text: "LATE-CODE-0003",
    });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as { completedOrders: string[] }).completedOrders).toEqual([]);
    const detail = await orderDetail(order.code);
    expect(detail.status).toBe("paid");
    expect(detail.actions).toContain("fulfil");
    expect(detail.events.at(-1)).toMatchObject({
      action: "codes_assigned",
      fromStatus: "awaiting_stock",
      toStatus: "paid",
    });
    expect(detail.codes.map((c) => c.status)).toEqual(["reserved"]);
  });
});
