/** The shopper gives up an unpaid order from its private page (POST /api/orders/private/{token}/cancel), on SQLite and
 * (TEST_DATABASE=postgres) PostgreSQL: the order is cancelled at once, its reserved code is back in stock, the history
 * says who; a paid or already cancelled order, or a wrong token, is refused and nothing changes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { adminOrderDetailSchema, privateOrderSchema } from "@store/shared/schemas/orders";
import { productStockSchema } from "@store/shared/schemas/stock";
import { signIn, ADMIN_ENV, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";

let store: TestStore;
let admin: AdminClient;

beforeAll(async () => {
  store = await createTestStore({ seed: true, env: { ...ADMIN_ENV, CHECKOUT_LIMIT_PER_EMAIL: "1000" } });
  admin = await signIn(store);
  const made = await admin.request("PUT", "/api/admin/products/steam-20", { deliveryMode: "automatic" });
  expect(made.status).toBe(200);
  const imported = await admin.request("POST", "/api/admin/products/steam-20/codes/import", {
    text: "CANCEL-A\nCANCEL-B",
  });
  expect(imported.status).toBe(200);
});
afterAll(() => store.close());

async function place(): Promise<{ code: string; token: string }> {
  const res = await store.app.request(
    "/api/checkout",
    jsonRequest("POST", checkoutBody({ items: [{ id: "steam-20", qty: 1 }] })),
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const order = checkoutResponseSchema.parse(await res.json());
  return { code: order.panierCode, token: order.orderUrl.split("/orders/")[1] ?? "" };
}

async function available(): Promise<number> {
  const res = await admin.request("GET", "/api/admin/products/steam-20/stock");
  return productStockSchema.parse(await res.json()).total.available;
}

const cancel = (token: string) => store.app.request(`/api/orders/private/${token}/cancel`, { method: "POST" });

describe("the shopper cancels an unpaid order", () => {
  it("cancels it at once, puts its code back in stock, and writes who in the history", async () => {
    const before = await available();
    const { code, token } = await place();
    expect(await available()).toBe(before - 1);

    const res = await cancel(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(privateOrderSchema.parse(await res.json()).status).toBe("cancelled");
    expect(await available()).toBe(before);

    const detail = adminOrderDetailSchema.parse(await (await admin.request("GET", `/api/admin/orders/${code}`)).json());
    expect(detail.status).toBe("cancelled");
    expect(detail.events.at(-1)).toMatchObject({
      actor: "shopper",
      action: "cancelled",
      fromStatus: "pending_payment",
      toStatus: "cancelled",
    });

    // Twice is refused, and changes nothing.
    const again = await cancel(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "order_not_cancellable", orderStatus: "cancelled" });
    expect(await available()).toBe(before);
  });

  it("refuses a paid order and a wrong token", async () => {
    const { code, token } = await place();
    expect((await admin.request("POST", `/api/admin/orders/${code}/mark-paid`)).status).toBe(200);
    const paid = await cancel(token);
    expect(paid.status).toBe(409);
    expect(await paid.json()).toMatchObject({ code: "order_not_cancellable", orderStatus: "delivered" });
    expect((await cancel(`${token.slice(0, -4)}AAAA`)).status).toBe(404);
    expect((await cancel("short")).status).toBe(404);
  });
});
