/** Crash safety: the real server is SIGKILLed in the middle of a stream of checkouts and restarted on the
 * same data directory; every answered order must be whole and every confirmation must reach the mailbox. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import { freePort } from "../../test/free-port.ts";

const serverDir = new URL("../../../", import.meta.url).pathname;

const logs = new Map<ChildProcess, string[]>();

function startServer(dataDir: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "yes",
    PUBLIC_URL: "http://store.test",
    // Each order from its own address (X-Forwarded-For below), under the checkout's per-address limit.
    TRUST_PROXY: "yes",
  };
  // One process (node with the tsx loader), so SIGKILL really kills the server, not a wrapper.
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  child.stdout?.on("data", (d: Buffer) => log.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => log.push(d.toString()));
  logs.set(child, log);
  return child;
}

async function waitReady(child: ChildProcess, port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/categories`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${(logs.get(child) ?? []).join("")}`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

function body(i: number): CheckoutRequest {
  return {
    name: `Shopper ${i}`,
    email: `shopper${i}@example.com`,
    whatsapp: "+216 20 123 456",
    currency: i % 2 ? "TND" : "USD",
    items: [
      { id: "psn-25-us", qty: 1 + (i % 3) },
      { id: "steam-20", qty: 1 },
    ],
    promoCode: "",
    notes: "",
    locale: (["en", "fr", "ar"] as const)[i % 3],
  };
}

describe("checkout crash safety", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-crash-"));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await Promise.all(children.map(exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "keeps every answered order whole and sends every confirmation after a SIGKILL",
    { timeout: 150_000 },
    async () => {
      const port = await freePort();
      const first = startServer(dataDir, port);
      children.push(first);
      await waitReady(first, port);

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

      const second = startServer(dataDir, port);
      children.push(second);
      await waitReady(second, port);

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
        const until = Date.now() + 25_000;
        let pending = -1;
        while (Date.now() < until) {
          pending = (db.prepare("select count(*) as n from mail_outbox where status <> 'sent'").get() as { n: number })
            .n;
          if (pending === 0) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(pending).toBe(0);
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
