/** Every mail query. Exports: MailRepo with enqueue(tx, mail), dueIds(now, limit), claim(id, now, leaseMs),
 * markSent(id, now), markFailedAttempt(id, error, nextAttemptAt | null), get(id), statusOf(id), countByStatus(),
 * insertDevMail(row), listDevMailbox(limit), getDevMail(id). */
import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { devMailbox, mailOutbox } from "../../db/schema/index.ts";
import { placeholders } from "../../db/prepared.ts";
import { transactionRunner, type InTransaction } from "../../db/transactions.ts";
import type { DevMail, DevMailSummary } from "@store/shared/schemas/orders";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type MailStatus = OutboxRow["status"];

export interface NewMail {
  kind: string;
  orderId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class MailRepo {
  // The per-order statements are prepared once (checkout is the hot path).
  private readonly enqueueStmt;
  private readonly claimStmt;
  private readonly markSentStmt;
  private readonly insertDevMailStmt;

  private readonly inTransaction: InTransaction;

  constructor(private readonly db: Db) {
    this.inTransaction = transactionRunner(db);
    this.enqueueStmt = db
      .insert(mailOutbox)
      .values(
        placeholders([
          "kind",
          "orderId",
          "to",
          "subject",
          "text",
          "html",
          "status",
          "attempts",
          "nextAttemptAt",
          "createdAt",
          "sentAt",
        ] as const),
      )
      .returning({ id: mailOutbox.id })
      .prepare();
    this.claimStmt = db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`${sql.placeholder("leaseUntil")}` })
      .where(
        and(
          eq(mailOutbox.id, sql.placeholder("id")),
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql.placeholder("now")),
        ),
      )
      .returning()
      .prepare();
    this.markSentStmt = db
      .update(mailOutbox)
      .set({
        status: "sent",
        sentAt: sql`${sql.placeholder("now")}`,
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: null,
      })
      .where(eq(mailOutbox.id, sql.placeholder("id")))
      .prepare();
    this.insertDevMailStmt = db
      .insert(devMailbox)
      .values(placeholders(["to", "from", "subject", "text", "html", "emlFile", "createdAt"] as const))
      .returning({ id: devMailbox.id })
      .prepare();
  }

  /** Runs `fn` in one immediate (write) transaction, or a savepoint inside an open one. */
  transaction<T>(fn: () => T): T {
    return this.inTransaction(fn, "immediate");
  }

  /** Writes a mail to the outbox inside the caller's transaction, due now; `delivered` writes it as sent
   * (delivered in that same transaction, see MailWorker.enqueue). Returns its id. */
  enqueue(_tx: Db, mail: NewMail, now: number, delivered = false): number {
    const row = this.enqueueStmt.get({
      ...mail,
      status: delivered ? "sent" : "pending",
      attempts: delivered ? 1 : 0,
      nextAttemptAt: now,
      createdAt: now,
      sentAt: delivered ? now : null,
    });
    if (!row) throw new Error("outbox insert returned nothing");
    return row.id;
  }

  dueIds(now: number, limit: number): number[] {
    return this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .all()
      .map((r) => r.id);
  }

  /** Takes a lease on a due row (pushes nextAttemptAt to now + leaseMs); only one claimer can win, so
   * the poller, an immediate send or a second process never send the same row twice within the lease. */
  claim(id: number, now: number, leaseMs: number): OutboxRow | undefined {
    return this.claimStmt.get({ id, now, leaseUntil: now + leaseMs });
  }

  markSent(id: number, now: number): void {
    this.markSentStmt.run({ id, now });
  }

  /** Records a failed attempt: retry at nextAttemptAt, or give up (status failed) when it is null. */
  markFailedAttempt(id: number, error: string, nextAttemptAt: number | null): void {
    this.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: error.slice(0, 500),
        ...(nextAttemptAt === null ? { status: "failed" as const } : { nextAttemptAt }),
      })
      .where(eq(mailOutbox.id, id))
      .run();
  }

  get(id: number): OutboxRow | undefined {
    return this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
  }

  statusOf(id: number): MailStatus | undefined {
    return this.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)).get()?.status;
  }

  firstForOrder(orderId: string, kind: string): OutboxRow | undefined {
    return this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)))
      .orderBy(mailOutbox.id)
      .limit(1)
      .get();
  }

  countByStatus(): Record<MailStatus, number> {
    const out: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
    const rows = this.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status)
      .all();
    for (const r of rows) out[r.status] = r.n;
    return out;
  }

  insertDevMail(row: Omit<DevMail, "id">): number {
    const inserted = this.insertDevMailStmt.get(row);
    if (!inserted) throw new Error("dev mailbox insert returned nothing");
    return inserted.id;
  }

  listDevMailbox(limit = 50): DevMailSummary[] {
    return this.db
      .select({
        id: devMailbox.id,
        to: devMailbox.to,
        from: devMailbox.from,
        subject: devMailbox.subject,
        createdAt: devMailbox.createdAt,
      })
      .from(devMailbox)
      .orderBy(desc(devMailbox.id))
      .limit(Math.min(Math.max(1, limit), 500))
      .all();
  }

  getDevMail(id: number): DevMail | undefined {
    return this.db.select().from(devMailbox).where(eq(devMailbox.id, id)).get();
  }
}
