/** Several instances on one database: each outbox row is claimed by one worker only, so it is sent once. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import type { DataLayer } from "../../db/data.ts";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { MailRepo } from "./mail.repo.ts";
import { createTransport, type MailTransport, type OutgoingMail } from "./mail.transport.ts";
import { Sealer } from "../../lib/sealer.ts";
import { MailWorker } from "./mail.worker.ts";

/** An outside mail service that keeps what it is given (the SMTP path: sent after the claim commits). */
class RecordingTransport implements MailTransport {
  readonly name = "smtp" as const;
  readonly leaseMs = 60_000;
  readonly sent: string[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.sent.push(mail.subject);
  }
  close(): void {}
}

const MAILS = 40;

describe("the mail outbox with several instances", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** A store and a second instance's connection pool to the same database, with MAILS due rows. SQLite runs
   * in one process (a second connection in this process would block it while waiting for the first): there
   * the two workers share the store's connection. */
  async function twoInstances(): Promise<{ store: TestStore; second: DataLayer; repo: MailRepo }> {
    const store = await createTestStore();
    cleanups.push(() => store.close());
    let second = store.data;
    if (store.data.engine === "postgres") {
      const pool = await openDatabase(store.config.database);
      cleanups.push(() => pool.close());
      second = pool;
    }
    const repo = new MailRepo();
    const now = Date.now();
    await store.data.transaction(async (tx) => {
      for (let i = 0; i < MAILS; i++) {
        await repo.enqueue(
          tx,
          { kind: "test", orderId: `o-${i}`, to: "a@b.co", subject: `mail ${i}`, text: "t", html: "<p>t</p>" },
          now,
        );
      }
    });
    return { store, second, repo };
  }

  const sentCount = async (store: TestStore) =>
    (
      await store.query((db, t) => db.select({ n: count() }).from(t.mailOutbox).where(eq(t.mailOutbox.status, "sent")))
    )[0]?.n ?? 0;

  it("sends each row once when two instances' workers poll together (sent after a leased claim)", async () => {
    const { store, second, repo } = await twoInstances();
    const transports = [new RecordingTransport(), new RecordingTransport()];
    const workers = [store.data, second].map(
      (data, i) => new MailWorker(data, repo, transports[i] as MailTransport, { from: "s@x.co", batchSize: 7 }),
    );
    for (let pass = 0; pass < 8; pass++) await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    const subjects = transports.flatMap((t) => t.sent).sort();
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    expect(await sentCount(store)).toBe(MAILS);
  });

  it("delivers each row once to the dev mailbox when two instances' workers poll together", async () => {
    const { store, second, repo } = await twoInstances();
    const workers = [store.data, second].map((data, i) => {
      const dir = path.join(store.dataDir, `instance-${i}`);
      fs.mkdirSync(dir);
      const transport = createTransport(undefined, data, repo, dir, new Sealer(Buffer.alloc(32, 7)));
      cleanups.push(() => transport.close());
      return new MailWorker(data, repo, transport, { from: "s@x.co", batchSize: 7 });
    });
    for (let pass = 0; pass < 8; pass++) await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    const delivered = await store.data.read((tx) => repo.listDevMailbox(tx, 500));
    expect(delivered).toHaveLength(MAILS);
    expect(new Set(delivered.map((m) => m.subject)).size).toBe(MAILS);
    expect(await sentCount(store)).toBe(MAILS);
  });
});
