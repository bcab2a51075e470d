import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { checkoutResponseSchema, type CheckoutRequest } from "@store/shared/schemas/checkout";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { freePort } from "../../test/free-port.ts";
import { startSmtp } from "../../test/fake-smtp.ts";
import { Sealer } from "../../lib/sealer.ts";
import { createTransport } from "./mail.transport.ts";

/** How long a test waits for the .eml copy written after a delivery commits: a moment on a quiet machine, much
 * longer beside the other test suites. */
const COPY_WAIT = { timeout: 10_000, interval: 50 };

function body(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return checkoutBody({ currency: "TND", items: [{ id: "psn-10-us", qty: 2 }], ...overrides });
}

describe("mail", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function store(env: Record<string, string> = {}): Promise<TestStore> {
    const s = await createTestStore({ seed: true, env });
    cleanups.push(() => s.close());
    cleanups.push(() => s.services.mailWorker.stop());
    return s;
  }

  async function checkout(s: TestStore, b: CheckoutRequest) {
    const res = await s.app.request("/api/checkout", jsonRequest("POST", b));
    expect(res.status).toBe(200);
    return checkoutResponseSchema.parse(await res.json());
  }

  it("sends through SMTP once, after a refusal and a retry with backoff", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.refuseNext = 1;
    const s = await store({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const out = await checkout(s, body());
    expect(out.emailSent).toBe(false);
    const row = (await s.query((db, t) => db.select().from(t.mailOutbox)))[0];
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("try again later"),
    });

    // Not due yet: the backoff holds it.
    expect(await s.services.mailWorker.runOnce(Date.now())).toEqual({ sent: 0, failed: 0 });
    expect(await s.services.mailWorker.runOnce(Date.now() + 6_000)).toEqual({ sent: 1, failed: 0 });
    expect(await s.services.mailWorker.runOnce(Date.now() + 3_600_000)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await s.query((db, t) => db.select().from(t.mailOutbox)))[0]).toMatchObject({
      status: "sent",
      attempts: 2,
    });

    const mail = await PostalMime.parse(smtp.received[0] ?? Buffer.alloc(0));
    expect(mail.subject).toBe(`Order ${out.panierCode} received: awaiting payment`);
    expect(mail.text).toContain(out.panierCode);
    expect(mail.text).toContain("TND");
    expect(mail.text).toContain("We will contact you by email or WhatsApp to arrange the payment.");
    expect(mail.text).toContain(out.orderUrl);
  });

  it("places the order when the SMTP server is down, and sends once it is up (in Arabic for an Arabic checkout)", async () => {
    const port = await freePort();
    const s = await store({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const out = await checkout(s, body({ locale: "ar" }));
    expect(out.emailSent).toBe(false);
    expect(
      (await s.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, out.panierCode))))[0]?.status,
    ).toBe("pending_payment");

    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    expect(await s.services.mailWorker.runOnce(Date.now() + 6_000)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received[0] ?? Buffer.alloc(0));
    expect(mail.subject).toBe(`تم استلام الطلب ${out.panierCode}: في انتظار الدفع`);
    expect(mail.html).toContain('dir="rtl"');
    // The pages' sentence about how the store gets in touch.
    expect(mail.text).toContain("سنتواصل معك عبر البريد الإلكتروني أو واتساب لترتيب الدفع.");
  });

  it("gives up after the last attempt and keeps the error without secrets", async () => {
    const port = await freePort();
    const s = await store({ SMTP_URL: `smtp://user:hunter2@127.0.0.1:${port}` });
    const out = await checkout(s, body());
    let now = Date.now();
    for (let i = 0; i < 10; i++) {
      now += 2 * 3_600_000;
      await s.services.mailWorker.runOnce(now);
    }
    const row = (await s.query((db, t) => db.select().from(t.mailOutbox)))[0];
    expect(row).toMatchObject({ status: "failed", attempts: 8 });
    expect(row?.lastError).toBeTruthy();
    expect(row?.lastError).not.toContain("hunter2");
    expect(row?.lastError).not.toContain(out.orderUrl.split("/").pop());
  });

  it("delivers to the dev mailbox (database and .eml file) when no SMTP is configured", async () => {
    const s = await store();
    const out = await checkout(s, body({ locale: "fr", currency: "EUR" }));
    expect(out.emailSent).toBe(true);
    const list = await s.services.mailbox.list(10);
    expect(list).toHaveLength(1);
    const mail = await s.services.mailbox.get(list[0]?.id ?? 0);
    expect(mail?.subject).toBe(`Commande ${out.panierCode} reçue : paiement en attente`);
    // The .eml copy is written just after the delivery commits.
    const eml = await vi.waitFor(
      () => fs.readFileSync(path.join(s.dataDir, "mailbox", mail?.emlFile ?? "missing")),
      COPY_WAIT,
    );
    const parsed = await PostalMime.parse(eml);
    expect(parsed.subject).toBe(`Commande ${out.panierCode} reçue : paiement en attente`);
    expect(parsed.text).toContain("Nous vous contacterons par e-mail ou WhatsApp pour organiser le paiement.");
    expect(parsed.to?.[0]?.address).toBe("amira@example.com");
    // The copies hold private order links and codes: owner-only, like the rest of DATA_DIR.
    const mode = (f: string) => fs.statSync(f).mode & 0o777;
    expect(mode(path.join(s.dataDir, "mailbox"))).toBe(0o700);
    expect(mode(path.join(s.dataDir, "mailbox", mail?.emlFile ?? "missing"))).toBe(0o600);
  });

  it("makes a dev mailbox an earlier version left readable by others owner-only at start", async () => {
    const s = await store();
    await checkout(s, body());
    const dir = path.join(s.dataDir, "mailbox");
    const [file = "missing"] = await vi.waitFor(() => {
      const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
      if (files.length === 0) throw new Error("no copy yet");
      return files;
    }, COPY_WAIT);
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, file), 0o644);
    const again = createTransport(
      undefined,
      s.data,
      s.services.mailRepo,
      s.dataDir,
      Sealer.fromConfig(undefined, s.dataDir),
    );
    await again.start?.();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    await again.close();
  });

  it("keeps the order whole when the dev mailbox fails inside the checkout's commit, and delivers it later", async () => {
    const s = await store();
    const failOnce = vi.spyOn(s.services.mailRepo, "insertDevMail").mockImplementationOnce(() => {
      throw new Error("disk full");
    });
    const out = await checkout(s, body());
    expect(failOnce).toHaveBeenCalledTimes(1);
    expect(out.emailSent).toBe(false);
    const order = (await s.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, out.panierCode))))[0];
    expect(order?.total).toBe(out.total);
    const [row] = await s.query((db, t) =>
      db
        .select()
        .from(t.mailOutbox)
        .where(eq(t.mailOutbox.orderId, order?.id ?? "")),
    );
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "disk full" });
    expect(await s.services.mailbox.list(10)).toHaveLength(0);
    // The worker retries after the backoff and the mail arrives once.
    expect(await s.services.mailWorker.runOnce(Date.now() + 6_000)).toEqual({ sent: 1, failed: 0 });
    expect(await s.services.mailbox.list(10)).toHaveLength(1);
  });

  it("sends a row once even when the poller and an immediate send race for it", async () => {
    const s = await store();
    const id = await s.data.transaction((tx) =>
      s.services.mailRepo.enqueue(
        tx,
        { kind: "test", orderId: null, to: "a@b.co", subject: "Hi", text: "Hi", html: "<p>Hi</p>" },
        Date.now(),
      ),
    );
    const worker = s.services.mailWorker;
    const results = await Promise.all([worker.runOnce(), worker.sendNow(id), worker.runOnce(), worker.sendNow(id)]);
    expect(results[1]).toBe(true);
    expect(await s.services.mailbox.list(10)).toHaveLength(1);
  });

  it("writes a 'payment received' mail when the operator marks a manual order paid", async () => {
    const s = await store();
    const out = await checkout(s, body({ locale: "fr" }));
    const paid = await s.services.orders.markPaid(out.panierCode, { username: "admin" });
    expect(paid.status).toBe("paid");
    await expect(s.services.orders.markPaid(out.panierCode, { username: "admin" })).rejects.toThrow(
      /not awaiting payment/,
    );
    await s.services.mailWorker.runOnce();
    const subjects = (await s.services.mailbox.list(10)).map((m) => m.subject);
    expect(subjects).toContain(`Paiement reçu pour la commande ${out.panierCode}`);
  });
});
