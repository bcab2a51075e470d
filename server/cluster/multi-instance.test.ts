/** Three built servers on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg): 20 clients place 1,000
 * orders through the balancer while one admin session works through whichever instance answers, and one
 * instance is killed (SIGKILL) mid-stream. Every acknowledged order must be in the database, whole, once;
 * each confirmation email sent exactly once; the admin session never lost.
 * Run after `pnpm build`: `pnpm test:multi` (needs PostgreSQL on 127.0.0.1:5432 and haproxy on PATH). */
import http from "node:http";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { clusterForSuite } from "./test-cluster.ts";
import { httpRequest, json, type HttpAnswer } from "./http-client.ts";

const ORDERS = 1_000;
const CLIENTS = 20;
/** The instance is killed once this many orders have been acknowledged. */
const KILL_AFTER = 350;
const ADMIN = { username: "admin", password: "multi-instance-password-1" };

interface Placed {
  i: number;
  code: string;
  total: number;
  currency: string;
  lines: number;
  email: string;
}

/** Retries what a real client retries: a connection error, or the balancer's 502/503/504 (an instance lost
 * the request), with the same request (and so the same Idempotency-Key). */
async function withRetries(send: () => Promise<HttpAnswer>, onRetry: () => void): Promise<HttpAnswer> {
  for (let attempt = 1; ; attempt++) {
    let answer: HttpAnswer | undefined;
    try {
      answer = await send();
    } catch (err) {
      if (attempt >= 30) throw err;
    }
    if (answer && ![502, 503, 504].includes(answer.status)) return answer;
    if (answer && attempt >= 30) return answer;
    onRetry();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("three instances behind HAProxy on one PostgreSQL database", () => {
  const three = clusterForSuite({
    prefix: "store_multi",
    instances: 3,
    admin: ADMIN,
    env: { CODES_KEY: Buffer.alloc(32, 7).toString("base64") },
  });

  it("loses no acknowledged order, doubles none, sends each confirmation once, keeps the admin session", async () => {
    const { cluster, db } = three();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 2 });
    const base = cluster.url;
    const retries = { orders: 0, admin: 0 };

    const catalog = json<{
      products: { id: string; inStock: boolean; deliveryMode: string; variants: { id: string }[] }[];
    }>(await httpRequest(agent, `${base}/api/sync`, "GET"));
    const lineOf = (p: { id: string; variants: { id: string }[] }) => ({ id: p.id, variantId: p.variants[0]?.id });
    const lines = catalog.products.filter((p) => p.inStock).map(lineOf);
    // The demo's manual products are sold without stock: every order has one, so most orders can be placed, and
    // its second line draws on the demo's code stock (20 codes each), which the 1,000 orders run out of: the
    // instances compete for the last codes of each product.
    const manual = catalog.products.filter((p) => p.inStock && p.deliveryMode === "manual").map(lineOf);
    const automatic = new Set(catalog.products.filter((p) => p.deliveryMode === "automatic").map((p) => p.id));
    expect(lines.length).toBeGreaterThan(10);
    expect(manual.length).toBeGreaterThan(1);

    // The admin signs in through the balancer; the session and its CSRF token are good on every instance.
    const login = await httpRequest(agent, `${base}/api/admin/login`, "POST", JSON.stringify(ADMIN));
    expect(login.status).toBe(200);
    const { csrfToken } = json<{ csrfToken: string }>(login);
    const setCookie = login.headers["set-cookie"]?.[0] ?? "";
    const adminHeaders = { Cookie: setCookie.split(";")[0] ?? "", "X-CSRF-Token": csrfToken };
    const admin = (method: string, path: string, body?: unknown, key?: string) =>
      withRetries(
        () =>
          httpRequest(
            agent,
            `${base}${path}`,
            method,
            body === undefined ? undefined : JSON.stringify(body),
            key ? { ...adminHeaders, "Idempotency-Key": key } : adminHeaders,
          ),
        () => retries.admin++,
      );

    const placed: Placed[] = [];
    const refused: { i: number; status: number; body: string }[] = [];
    /** Orders refused for want of codes (409 insufficient_stock), with the product that ran out. */
    const outOfStock: { i: number; id: string }[] = [];
    let next = 0;
    let killed = false;
    const victim = cluster.stores[1];
    if (!victim) throw new Error("no second instance");

    const shopper = async (c: number): Promise<void> => {
      for (let i = next++; i < ORDERS; i = next++) {
        const a = manual[i % manual.length];
        const b = lines[(i * 7 + c) % lines.length];
        const items = [a, b]
          .filter((l, k, all) => l && all.findIndex((x) => x?.id === l.id) === k)
          .map((l) => ({ id: l?.id, variantId: l?.variantId, qty: 1 + (i % 3) }));
        const currency = (["USD", "TND", "EUR", "EGP"] as const)[i % 4] ?? "USD";
        const email = `shopper${i}@example.com`;
        const body = JSON.stringify({
          name: `Multi Shopper ${i}`,
          email,
          whatsapp: "+216 20 123 456",
          currency,
          items,
          promoCode: "",
          notes: "",
          locale: (["en", "fr", "ar"] as const)[i % 3],
        });
        const res = await withRetries(
          () => httpRequest(agent, `${base}/api/checkout`, "POST", body, { "Idempotency-Key": `multi-order-${i}` }),
          () => retries.orders++,
        );
        const refusal = res.status === 409 ? json<{ code?: string; id?: string }>(res) : undefined;
        if (refusal?.code === "insufficient_stock" && refusal.id) {
          outOfStock.push({ i, id: refusal.id });
          continue;
        }
        if (res.status !== 200) {
          refused.push({ i, status: res.status, body: res.body.toString("utf8").slice(0, 200) });
          continue;
        }
        const out = json<{ panierCode: string; total: number; currency: string }>(res);
        placed.push({ i, code: out.panierCode, total: out.total, currency: out.currency, lines: items.length, email });
        if (!killed && placed.length >= KILL_AFTER) {
          killed = true;
          void victim.kill("SIGKILL");
        }
      }
    };

    // The admin works through whichever instance answers while the orders come in.
    const productId = lines[0]?.id ?? "";
    const adminLog: { step: string; status: number }[] = [];
    let lastTagline = "";
    let uploaded: { card: string } | undefined;
    let shoppersDone = false;
    const operator = async (): Promise<void> => {
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#2a7" } })
        .png()
        .toBuffer();
      for (let k = 0; !shoppersDone || k < 3; k++) {
        const orders = await admin("GET", "/api/admin/orders");
        adminLog.push({ step: "orders", status: orders.status });
        const product = await admin("GET", `/api/admin/products/${encodeURIComponent(productId)}`);
        adminLog.push({ step: "product", status: product.status });
        const { version } = json<{ version: number }>(product);
        const tagline = `Edited by the multi-instance test, round ${k}`;
        const edit = await admin(
          "PUT",
          `/api/admin/products/${encodeURIComponent(productId)}`,
          { tagline, version },
          `multi-edit-${k}`,
        );
        adminLog.push({ step: "edit", status: edit.status });
        if (edit.status === 200) lastTagline = tagline;
        if (k === 1) {
          const upload = await admin("POST", "/api/upload-image", { fileBase64: png.toString("base64") });
          adminLog.push({ step: "upload", status: upload.status });
          uploaded = json<{ variants: { card: string } }>(upload).variants;
        }
      }
    };

    const adminWork = operator();
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => shopper(c)));
    shoppersDone = true;
    await adminWork;
    console.log(
      `multi-instance: ${placed.length} orders acknowledged, ${outOfStock.length} refused for want of codes, ${refused.length} refused otherwise, retries: ${retries.orders} order requests and ${retries.admin} admin requests; ${adminLog.length} admin requests`,
    );

    // Every order was acknowledged (after retries) or refused because an automatic product ran out of codes, once
    // per order, and the instance was really killed.
    expect(refused).toEqual([]);
    expect(outOfStock.filter((r) => !automatic.has(r.id))).toEqual([]);
    expect(placed.length + outOfStock.length).toBe(ORDERS);
    expect(outOfStock.length).toBeGreaterThan(0);
    expect(killed).toBe(true);
    expect(victim.alive()).toBe(false);
    expect(new Set(placed.map((p) => p.code)).size).toBe(placed.length);

    // The admin session answered on every instance, before and after the kill: no 401/403, nothing refused.
    expect(adminLog.filter((s) => s.status !== 200 && !(s.step === "upload" && s.status === 201))).toEqual([]);
    const product = await admin("GET", `/api/admin/products/${encodeURIComponent(productId)}`);
    expect(json<{ tagline: string }>(product).tagline).toBe(lastTagline);

    // The uploaded image is served by each instance still running, from the database.
    expect(uploaded).toBeDefined();
    const images = await Promise.all(
      cluster.stores.filter((s) => s.alive()).map((s) => httpRequest(agent, `${s.url}${uploaded?.card ?? ""}`, "GET")),
    );
    expect(images.map((r) => r.status)).toEqual([200, 200]);
    expect(images[0]?.body.equals(images[1]?.body ?? Buffer.alloc(0))).toBe(true);

    // Each acknowledged order is in the database, whole: its lines, totals, currency and customer.
    const rows = await db.query<{
      code: string;
      total: number;
      currency: string;
      email: string;
      subtotal: number;
      discount: number;
      lines: string;
      line_sum: string;
    }>(
      `select o.code, o.total, o.currency, o.customer_email as email, o.subtotal, o.discount,
              count(l.id) as lines, coalesce(sum(l.line_total), 0) as line_sum
         from orders o left join order_lines l on l.order_id = o.id
        group by o.id`,
    );
    expect(rows.rows).toHaveLength(placed.length);
    const byCode = new Map(rows.rows.map((r) => [r.code, r]));
    const incomplete = placed.filter((p) => {
      const row = byCode.get(p.code);
      return (
        !row ||
        row.total !== p.total ||
        row.currency !== p.currency ||
        row.email !== p.email ||
        Number(row.lines) !== p.lines ||
        Number(row.line_sum) !== row.subtotal ||
        row.total !== row.subtotal - row.discount
      );
    });
    expect(incomplete).toEqual([]);

    // Each automatic line holds exactly its quantity of codes (a code row names one line: none went to two orders).
    const short = await db.query<{ id: number; qty: number; held: string }>(
      `select l.id, l.qty, (select count(*) from codes c where c.order_line_id = l.id) as held
         from order_lines l join products p on p.id = l.product_id
        where p.delivery_mode = 'automatic'`,
    );
    expect(short.rows.length).toBeGreaterThan(0);
    expect(short.rows.filter((l) => Number(l.held) !== l.qty)).toEqual([]);

    // Each confirmation email was sent exactly once: one outbox row, sent, and one message in the dev mailbox.
    for (let wait = 0; ; wait++) {
      const pending = await db.query<{ n: string }>(
        "select count(*) as n from mail_outbox where kind = 'order_confirmation' and status <> 'sent'",
      );
      if (Number(pending.rows[0]?.n) === 0 || wait >= 300) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const mails = await db.query<{ code: string; outbox: string; sent: string; delivered: string }>(
      `select o.code,
              (select count(*) from mail_outbox m where m.order_id = o.id and m.kind = 'order_confirmation') as outbox,
              (select count(*) from mail_outbox m
                where m.order_id = o.id and m.kind = 'order_confirmation' and m.status = 'sent') as sent,
              (select count(*) from dev_mailbox d
                where d.to_address = o.customer_email and strpos(d.subject, o.code) > 0) as delivered
         from orders o`,
    );
    const notOnce = mails.rows.filter((m) => m.outbox !== "1" || m.sent !== "1" || m.delivered !== "1");
    expect(notOnce).toEqual([]);
    const total = await db.query<{ n: string }>("select count(*) as n from dev_mailbox");
    expect(Number(total.rows[0]?.n)).toBe(placed.length);
    agent.destroy();
  }, 150_000);
});
