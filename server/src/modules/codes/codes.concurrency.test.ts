/** No code sold twice (docs/decisions.md D10): 50 codes, 200 checkouts at once from 20 clients — on PostgreSQL spread
 * over two app instances on the same database. Exactly 50 orders get a code, the others are refused with the stock
 * message, and no code is in two orders. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@store/shared/schemas/errors";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { ADMIN_ENV, signIn } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, openPeer, TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";

const CODES = 50;
const CLIENTS = 20;
const PER_CLIENT = 10;
const PRODUCT = "psn-25-us";

let store: TestStore;
let peer: Awaited<ReturnType<typeof openPeer>> | undefined;

beforeAll(async () => {
  // 200 orders from one test client: the checkout's per-address and per-recipient limits stay out of reach.
  store = await createTestStore({
    seed: true,
    env: { ...ADMIN_ENV, CHECKOUT_LIMIT_PER_ADDRESS: "1000000", CHECKOUT_LIMIT_PER_EMAIL: "1000000" },
  });
  if (TEST_ON_POSTGRES) peer = await openPeer(store);
  const admin = await signIn(store);
  expect((await admin.request("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(
    200,
  );
  const text = Array.from({ length: CODES }, (_, i) => `RACE-${String(i).padStart(3, "0")}-CODE`).join("\n");
  const res = await admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text });
  expect(res.status).toBe(200);
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

      const codes = await store.query((db, t) => db.select().from(t.codes));
      const orders = await store.query((db, t) => db.select({ id: t.orders.id, code: t.orders.code }).from(t.orders));
      const orderOf = new Map(orders.map((o) => [o.id, o.code]));
      expect(codes.filter((c) => c.status === "reserved")).toHaveLength(CODES);
      const owners = codes.map((c) => (c.orderId ? orderOf.get(c.orderId) : undefined));
      expect(new Set(owners).size).toBe(CODES);
      expect([...owners].sort()).toEqual([...placed].sort());
      const stock = (await store.services.codes.stock(PRODUCT)).total;
      expect(stock).toEqual({ available: 0, reserved: CODES, sold: 0, revoked: 0 });
    },
  );
});
