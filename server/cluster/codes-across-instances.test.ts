/** A launch across three built servers on one PostgreSQL database behind HAProxy: 1,000 codes of one product,
 * 2,000 checkouts of one unit each from 40 clients at once. Exactly 1,000 orders get a code, every other checkout
 * is refused with the stock answer (409 insufficient_stock), no code goes to two orders, and the product ends out
 * of stock. Run after `pnpm build`: `pnpm test:multi`. */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { CHECKOUT_ERROR_CODES } from "@store/shared/schemas/checkout";
import { clusterForSuite } from "./test-cluster.ts";
import { httpRequest, json } from "./http-client.ts";

const CODES = 1_000;
const CHECKOUTS = 2_000;
const CLIENTS = 40;
const PRODUCT = "psn-25-us";
const ADMIN = { username: "admin", password: "launch-password-1" };

describe("a launch: 2,000 checkouts for 1,000 codes across three instances", () => {
  const launch = clusterForSuite({ prefix: "store_launch", instances: 3, admin: ADMIN });

  it("sells each code once, to exactly as many orders as there are codes, and refuses the rest whole", async () => {
    const { cluster, db } = launch();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 1 });
    const base = cluster.url;
    const login = await httpRequest(agent, `${base}/api/admin/login`, "POST", JSON.stringify(ADMIN));
    expect(login.status).toBe(200);
    const { csrfToken } = json<{ csrfToken: string }>(login);
    const admin = {
      Cookie: (login.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "",
      "X-CSRF-Token": csrfToken,
    };
    const send = (method: string, path: string, body: unknown) =>
      httpRequest(agent, `${base}${path}`, method, JSON.stringify(body), admin);
    expect((await send("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(200);
    // The demo's own codes of the product go first, so the stock is exactly CODES.
    await db.query("delete from codes where product_id = $1", [PRODUCT]);
    const text = Array.from({ length: CODES }, (_, i) => `LAUNCH-${String(i).padStart(4, "0")}-CODE`).join("\n");
    const imported = await send("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text, format: "text" });
    expect(imported.status, imported.body.toString("utf8")).toBe(200);
    expect(json<{ summary: { imported: number } }>(imported).summary.imported).toBe(CODES);

    const answers: { status: number; code?: string }[] = [];
    let next = 0;
    const shopper = async (): Promise<void> => {
      for (let i = next++; i < CHECKOUTS; i = next++) {
        const body = JSON.stringify({
          name: `Launch Shopper ${i}`,
          email: `launch${i}@example.com`,
          whatsapp: "+216 20 123 456",
          currency: "USD",
          items: [{ id: PRODUCT, qty: 1 }],
          promoCode: "",
          notes: "",
          locale: "en",
        });
        const res = await httpRequest(agent, `${base}/api/checkout`, "POST", body, {
          "Idempotency-Key": `launch-${i}`,
        });
        answers.push({
          status: res.status,
          ...(res.status === 200 ? {} : { code: json<{ code?: string }>(res).code }),
        });
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, () => shopper()));
    agent.destroy();

    const placed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409 && a.code === CHECKOUT_ERROR_CODES.insufficientStock);
    expect(placed).toBe(CODES);
    expect(refused.length).toBe(CHECKOUTS - CODES);

    // What the database holds: every code reserved once, by a distinct order of the product, on that order's line.
    const codes = await db.query<{ status: string; n: number; orders: number; lines: number }>(
      `select status, count(*)::int as n, count(distinct order_id)::int as orders,
              count(distinct order_line_id)::int as lines
       from codes where product_id = $1 group by status`,
      [PRODUCT],
    );
    expect(codes.rows).toEqual([{ status: "reserved", n: CODES, orders: CODES, lines: CODES }]);
    const mismatched = await db.query(
      `select c.id from codes c join order_lines l on l.id = c.order_line_id
       where c.product_id = $1 and (l.order_id <> c.order_id or l.product_id <> c.product_id)`,
      [PRODUCT],
    );
    expect(mismatched.rows).toEqual([]);
    const orders = await db.query<{ n: number }>(
      `select count(*)::int as n from orders o join order_lines l on l.order_id = o.id where l.product_id = $1`,
      [PRODUCT],
    );
    expect(orders.rows[0]?.n).toBe(CODES);
    // Out of stock in the catalog: each instance checks again right after its commits, so within moments.
    const inStock = async () =>
      (await db.query<{ in_stock: boolean }>("select in_stock from products where id = $1", [PRODUCT])).rows[0]
        ?.in_stock;
    const deadline = Date.now() + 5_000;
    while ((await inStock()) !== false && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await inStock()).toBe(false);
  }, 240_000);
});
