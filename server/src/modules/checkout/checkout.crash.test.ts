/** Crash safety: the real server is SIGKILLed in the middle of a stream of checkouts and restarted on the
 * same data directory; every answered order must be whole and every confirmation must reach the mailbox. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import { freePort } from "../../test/free-port.ts";
import { crashSuite, exited, waitOutboxDrained } from "../../test/child-server.ts";

function body(i: number): CheckoutRequest {
  return {
    name: `Shopper ${i}`,
    email: `shopper${i}@example.com`,
    whatsapp: "+216 20 123 456",
    currency: i % 2 ? "TND" : "USD",
    items: [
      // Two products the demo store sells by hand (no code stock to run out of in a stream of orders).
      { id: "psn-10-us", qty: 1 + (i % 3) },
      { id: "steam-20", qty: 1 },
    ],
    promoCode: "",
    notes: "",
    locale: (["en", "fr", "ar"] as const)[i % 3],
  };
}

describe("checkout crash safety", () => {
  const { dataDir, start } = crashSuite("store-crash-");

  it(
    "keeps every answered order whole and sends every confirmation after a SIGKILL",
    { timeout: 150_000 },
    async () => {
      const port = await freePort();
      const first = await start(port, { TRUST_PROXY: "yes" });

      const answered: string[] = [];
      let n = 0;
      let killed = false;
      const client = async () => {
        while (!killed) {
          const i = n++;
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/checkout`, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                "Idempotency-Key": `crash-${i}`,
                "X-Forwarded-For": `10.0.${(i >> 8) & 255}.${i & 255}`,
              },
              body: JSON.stringify(body(i)),
            });
            if (res.status === 200) answered.push(checkoutResponseSchema.parse(await res.json()).panierCode);
          } catch {
            // the connection died with the server: outcome unknown, nothing to check
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      while (answered.length < 100) await new Promise((r) => setTimeout(r, 10));
      first.kill("SIGKILL");
      killed = true;
      await exited(first);
      await Promise.all(clients);
      expect(answered.length).toBeGreaterThanOrEqual(100);

      const second = await start(port, { TRUST_PROXY: "yes" });

      const db = new Database(path.join(dataDir, "store.db"), { readonly: true });
      try {
        const orderRows = db.prepare("select id, code, subtotal, discount, total from orders").all() as {
          id: string;
          code: string;
          subtotal: number;
          discount: number;
          total: number;
        }[];
        const byCode = new Map(orderRows.map((o) => [o.code, o]));
        for (const code of answered) expect(byCode.has(code), code).toBe(true);
        for (const o of orderRows) {
          const lines = db
            .prepare("select qty, unit_price as unitPrice, line_total as lineTotal from order_lines where order_id = ?")
            .all(o.id) as { qty: number; unitPrice: number; lineTotal: number }[];
          expect(lines.length, o.code).toBe(2);
          for (const l of lines) expect(l.lineTotal).toBe(l.unitPrice * l.qty);
          expect(lines.reduce((s, l) => s + l.lineTotal, 0)).toBe(o.subtotal);
          expect(o.total).toBe(o.subtotal - o.discount);
          const mails = db
            .prepare("select count(*) as n from mail_outbox where order_id = ? and kind = 'order_confirmation'")
            .get(o.id) as { n: number };
          expect(mails.n, o.code).toBe(1);
        }

        // The restarted worker sends what was pending or lost mid-send (after the dev mailbox lease).
        expect(await waitOutboxDrained(db, 25_000)).toBe(0);
        const subjects = (db.prepare("select subject from dev_mailbox").all() as { subject: string }[]).map(
          (r) => r.subject,
        );
        for (const o of orderRows)
          expect(
            subjects.some((s) => s.includes(o.code)),
            o.code,
          ).toBe(true);
        expect(fs.readdirSync(path.join(dataDir, "mailbox")).length).toBeGreaterThanOrEqual(orderRows.length);
      } finally {
        db.close();
      }
      second.kill("SIGTERM");
      await exited(second);
    },
  );
});
