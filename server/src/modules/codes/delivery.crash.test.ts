/** Delivery exactly once across a crash (docs/decisions.md D10, D12): the real server confirms a payment (codes
 * sold, delivery email in the outbox, one commit), cannot send it yet (its SMTP server is down), and is SIGKILLed.
 * Restarted on the same data directory with SMTP up, it renders and sends the delivery email once, with the codes. */
import path from "node:path";
import Database from "better-sqlite3";
import PostalMime from "postal-mime";
import { afterAll, describe, expect, it } from "vitest";
import { loginResponseSchema } from "@store/shared/schemas/admin";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { adminOrderDetailSchema } from "@store/shared/schemas/orders";
import { cookiePair, TEST_ADMIN } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { crashSuite, exited, waitOutboxDrained } from "../../test/child-server.ts";
import { startSmtp, type FakeSmtp } from "../../test/fake-smtp.ts";
import { freePort } from "../../test/free-port.ts";

const PRODUCT = "steam-20";
const CODES = ["CRASH-AAAA-1111", "CRASH-BBBB-2222"];

describe("delivery across a crash", () => {
  const { dataDir, start } = crashSuite("store-delivery-crash-");
  let smtp: FakeSmtp | undefined;
  afterAll(() => smtp?.close());

  it(
    "sends the delivery email once after a SIGKILL between confirmation and sending",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const smtpPort = await freePort();
      const env = {
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      };
      const base = `http://127.0.0.1:${port}`;
      // Nothing listens on smtpPort yet: every send fails and is retried later.
      const first = await start(port, env);

      const login = await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(login.status).toBe(200);
      const { csrfToken } = loginResponseSchema.parse(await login.json());
      const admin = (method: string, p: string, body?: unknown) =>
        fetch(`${base}${p}`, {
          method,
          headers: {
            "Content-Type": "application/json",
            Cookie: cookiePair(login.headers.get("Set-Cookie")),
            "X-CSRF-Token": csrfToken,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect((await admin("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" })).status).toBe(200);
      expect(
        (await admin("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text: CODES.join("\n") })).status,
      ).toBe(200);
      const checkout = await fetch(`${base}/api/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(checkoutBody({ items: [{ id: PRODUCT, qty: 2 }] })),
      });
      expect(checkout.status).toBe(200);
      const order = checkoutResponseSchema.parse(await checkout.json());
      const paid = await admin("POST", `/api/admin/orders/${order.panierCode}/mark-paid`);
      expect(adminOrderDetailSchema.parse(await paid.json()).status).toBe("delivered");

      // Confirmed and committed, not sent: the delivery row waits in the outbox.
      const before = new Database(path.join(dataDir, "store.db"), { readonly: true });
      try {
        const rows = before
          .prepare("select status, text_body as text from mail_outbox where kind = 'order_delivery'")
          .all() as { status: string; text: string }[];
        expect(rows).toEqual([{ status: "pending", text: "" }]);
      } finally {
        before.close();
      }
      first.kill("SIGKILL");
      await exited(first);

      smtp = await startSmtp(smtpPort);
      const second = await start(port, env);

      const db = new Database(path.join(dataDir, "store.db"), { readonly: true });
      try {
        // Up to the SMTP transport's lease (2 minutes) and then some: a SIGKILL that lands while the first instance
        // holds a row's lease (a retry of the confirmation, say) leaves that row to the lease's end, as in production.
        const left = await waitOutboxDrained(db, 150_000);
        const rows = db.prepare("select kind, status, attempts, next_attempt_at - ? as due_in_ms from mail_outbox");
        expect(left, JSON.stringify(rows.all(Date.now()))).toBe(0);
      } finally {
        db.close();
      }
      const mails = await Promise.all(smtp.received.map((raw) => PostalMime.parse(raw)));
      const deliveries = mails.filter((m) => m.subject === `Your codes for order ${order.panierCode}`);
      expect(deliveries).toHaveLength(1);
      for (const code of CODES) expect(deliveries[0]?.text).toContain(code);
      expect(deliveries[0]?.text).toContain(order.orderUrl);
      // The order was paid before its confirmation left: the confirmation says so.
      expect(mails.filter((m) => m.subject === `Order ${order.panierCode} confirmed`)).toHaveLength(1);
      second.kill("SIGTERM");
      await exited(second);
    },
  );
});
