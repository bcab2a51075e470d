/** No code sold twice (docs/decisions.md D10): 50 codes, 200 checkouts at once from 20 clients — on PostgreSQL spread
 * over two app instances on the same database. Exactly 50 orders get a code, the others are refused with the stock
 * message, and no code is in two orders. Then orders of two products, several codes each, taking the last codes in
 * opposite orders: each is placed or refused whole, none fails (a deadlock on PostgreSQL would answer 500). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@store/shared/schemas/errors";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { ADMIN_ENV, signIn } from "../../test/admin-session.ts";
import { checkoutBody, LIMITS_OUT_OF_REACH } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, openPeer, TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";

const CODES = 50;
const CLIENTS = 20;
const PER_CLIENT = 10;
const PRODUCT = "psn-25-us";
/** Two products whose codes orders of two lines take in opposite orders, several at a time. */
const CROSSED = ["xbox-50-us", "elden-ring"] as const;
const CROSSED_CODES = 30;

let store: TestStore;
let peer: Awaited<ReturnType<typeof openPeer>> | undefined;

beforeAll(async () => {
  // 200 orders from one test client: the checkout's per-address and per-recipient limits, and what one client may
  // hold unpaid, stay out of reach.
  store = await createTestStore({
    seed: true,
    env: {
      ...ADMIN_ENV,
      ...LIMITS_OUT_OF_REACH,
    },
  });
  if (TEST_ON_POSTGRES) peer = await openPeer(store);
  const admin = await signIn(store);
  expect((await admin.request("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(
    200,
  );
  const text = Array.from({ length: CODES }, (_, i) => `RACE-${String(i).padStart(3, "0")}-CODE`).join("\n");
  const res = await admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text });
  expect(res.status).toBe(200);
  for (const id of CROSSED) {
    expect((await admin.request("PUT", `/api/admin/products/${id}`, { deliveryMode: "automatic" })).status).toBe(200);
    const codes = Array.from({ length: CROSSED_CODES }, (_, i) => `CROSS-${id}-${String(i).padStart(3, "0")}`);
    const imported = await admin.request("POST", `/api/admin/products/${id}/codes/import`, { text: codes.join("\n") });
    expect(imported.status).toBe(200);
  }
});
afterAll(async () => {
  await peer?.close();
  await store.close();
});

describe("concurrent checkouts on a product with 50 codes", () => {
  it(
    `gives codes to exactly ${CODES} of ${CLIENTS * PER_CLIENT} orders, refuses the rest, never one code twice`,
    { timeout: 240_000 },
    async () => {
      const apps = peer ? [store.app, peer.app] : [store.app];
      const placed: string[] = [];
      const refusals: { status: number; code: string | undefined; title: string | undefined }[] = [];
      const others: string[] = [];
      const client = async (c: number) => {
        const app = apps[c % apps.length];
        if (!app) throw new Error("no app");
        for (let i = 0; i < PER_CLIENT; i++) {
          const res = await app.request(
            "/api/checkout",
            jsonRequest("POST", checkoutBody({ email: `race${c}-${i}@example.com`, items: [{ id: PRODUCT, qty: 1 }] })),
          );
          if (res.status === 200) placed.push(checkoutResponseSchema.parse(await res.json()).panierCode);
          else if (res.status === 409) {
            const body = apiErrorSchema.parse(await res.json());
            refusals.push({ status: res.status, code: body.code, title: body.title });
          } else others.push(`${res.status} ${await res.text()}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

      expect(others).toEqual([]);
      expect(placed).toHaveLength(CODES);
      expect(refusals).toHaveLength(CLIENTS * PER_CLIENT - CODES);
      for (const r of refusals)
        expect(r).toEqual({ status: 409, code: "insufficient_stock", title: "PlayStation Store $25 Gift Card (US)" });

      const codes = (await store.query((db, t) => db.select().from(t.codes))).filter((c) => c.productId === PRODUCT);
      const orders = await store.query((db, t) => db.select({ id: t.orders.id, code: t.orders.code }).from(t.orders));
      const orderOf = new Map(orders.map((o) => [o.id, o.code]));
      expect(codes.filter((c) => c.status === "reserved")).toHaveLength(CODES);
      const owners = codes.map((c) => (c.orderId ? orderOf.get(c.orderId) : undefined));
      expect(new Set(owners).size).toBe(CODES);
      expect([...owners].sort()).toEqual([...placed].sort());
      const stock = (await store.services.codes.stock(PRODUCT)).total;
      expect(stock).toEqual({ available: 0, reserved: CODES, sold: 0, revoked: 0 });
      // The catalog says so: on PostgreSQL the checkouts that took the last codes at once each saw the others' as
      // left, and the check after their commits (StockKeeper) puts the product out of stock a moment later.
      const inStock = async () =>
        (await store.query((db, t) => db.select().from(t.products))).find((p) => p.id === PRODUCT)?.inStock;
      await expect.poll(inStock, { timeout: 5_000 }).toBe(false);
    },
  );
});

describe("concurrent checkouts of two lines taking the last codes in opposite orders", () => {
  it(
    "places or refuses each order whole (409), never fails one, and sells each code once",
    { timeout: 240_000 },
    async () => {
      const apps = peer ? [store.app, peer.app] : [store.app];
      const placed: { code: string; qty: number }[] = [];
      const others: string[] = [];
      const client = async (c: number) => {
        const app = apps[c % apps.length];
        if (!app) throw new Error("no app");
        for (let i = 0; i < 5; i++) {
          // Two or three of each: a checkout that got some of a product's last codes waits for more, held by another.
          const qty = 2 + ((c + i) % 2);
          const items = (c % 2 === 0 ? CROSSED : [...CROSSED].reverse()).map((id) => ({ id, qty }));
          const res = await app.request(
            "/api/checkout",
            jsonRequest("POST", checkoutBody({ email: `cross${c}-${i}@example.com`, items })),
          );
          if (res.status === 200) placed.push({ code: checkoutResponseSchema.parse(await res.json()).panierCode, qty });
          else if (res.status === 409) expect(apiErrorSchema.parse(await res.json()).code).toBe("insufficient_stock");
          else others.push(`${res.status} ${await res.text()}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

      expect(others).toEqual([]);
      expect(placed.length).toBeGreaterThan(0);
      const codes = await store.query((db, t) => db.select().from(t.codes));
      const orders = await store.query((db, t) => db.select({ id: t.orders.id, code: t.orders.code }).from(t.orders));
      const codeOf = new Map(orders.map((o) => [o.id, o.code]));
      for (const id of CROSSED) {
        const held = codes.filter((c) => c.productId === id && c.status === "reserved");
        const wanted = placed.reduce((sum, p) => sum + p.qty, 0);
        expect(held).toHaveLength(wanted);
        // Each placed order holds its quantity of this product's codes; no refused order holds any.
        const perOrder = new Map<string, number>();
        for (const c of held) {
          const code = c.orderId ? codeOf.get(c.orderId) : undefined;
          if (code) perOrder.set(code, (perOrder.get(code) ?? 0) + 1);
        }
        expect(Object.fromEntries(perOrder)).toEqual(Object.fromEntries(placed.map((p) => [p.code, p.qty])));
      }
    },
  );
});
