/** Every mail query; each method takes the transaction it runs in. Exports: MailRepo with enqueue(mail),
 * dueIds(now, limit), claim(id, now, leaseMs), markSent(id, now), markFailedAttempt(id, { error, nextAttemptAt |
 * null }), get(id), statusOf(id), firstForOrder(orderId, kind), insertDevMail(row),
 * listDevMailbox(limit), getDevMail(id). */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { mailOutbox } from "../../db/schema/index.ts";
import { placeholders, prepared } from "../../db/prepared.ts";
import type { DevMail, DevMailSummary } from "@store/shared/schemas/orders";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A failed attempt: its error, and when to try again (null: given up). */
export interface FailedAttempt {
  error: string;
  nextAttemptAt: number | null;
}

/** A mail's first attempt as it enters the outbox: none yet, delivered (the dev mailbox, in the same
 * transaction), or failed with `error` (retried at `nextAttemptAt`, or given up when null). */
export type FirstAttempt = "none" | "delivered" | FailedAttempt;
export type MailStatus = OutboxRow["status"];

export interface NewMail {
  kind: string;
  orderId: string | null;
  to: string;
  subject: string;
  /** Empty for mail rendered when sent (`params` set): the secret parts are never stored. */
  text: string;
  html: string;
  /** JSON parameters of mail rendered when sent (MailWorkerOptions.render); null or absent otherwise. */
  params?: string | null;
}

// The per-order statements are prepared once per connection (checkout is the hot path).
const enqueueStmt = prepared("mail_enqueue", (db, { mailOutbox }) =>
  db
    .insert(mailOutbox)
    .values(
      placeholders([
        "kind",
        "orderId",
        "to",
        "subject",
        "text",
        "html",
        "params",
        "status",
        "attempts",
        "nextAttemptAt",
        "lastError",
        "createdAt",
        "sentAt",
      ] as const),
    )
    .returning({ id: mailOutbox.id }),
);
const claimStmt = prepared("mail_claim", (db, { mailOutbox }) =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`${sql.placeholder("leaseUntil")}` })
    .where(
      and(
        eq(mailOutbox.id, sql.placeholder("id")),
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, sql.placeholder("now")),
      ),
    )
    .returning(),
);
const markSentStmt = prepared("mail_mark_sent", (db, { mailOutbox }) =>
  db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`${sql.placeholder("now")}`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(mailOutbox.id, sql.placeholder("id"))),
);
const insertDevMailStmt = prepared("dev_mailbox_insert", (db, { devMailbox }) =>
  db
    .insert(devMailbox)
    .values(placeholders(["to", "from", "subject", "text", "html", "emlFile", "createdAt"] as const))
    .returning({ id: devMailbox.id }),
);

export class MailRepo {
  /** Adds a mail to the outbox, due now, or with its first attempt made already (`first`: delivered in that same
   * transaction, see MailWorker.enqueue, or failed); returns its id. */
  async enqueue(tx: Tx, mail: NewMail, now: number, first: FirstAttempt = "none"): Promise<number> {
    const failure = typeof first === "object" ? first : undefined;
    const rows = await enqueueStmt(tx).execute({
      ...mail,
      params: mail.params ?? null,
      status: first === "delivered" ? "sent" : failure?.nextAttemptAt === null ? "failed" : "pending",
      attempts: first === "none" ? 0 : 1,
      nextAttemptAt: failure?.nextAttemptAt ?? now,
      lastError: failure ? failure.error.slice(0, 500) : null,
      createdAt: now,
      sentAt: first === "delivered" ? now : null,
    });
    const row = rows[0];
    if (!row) throw new Error("outbox insert returned nothing");
    return row.id;
  }

  async dueIds(tx: Tx, now: number, limit: number): Promise<number[]> {
    const { mailOutbox } = tx.t;
    const rows = await tx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Takes a lease on a due row (pushes nextAttemptAt to now + leaseMs); only one claimer can win, so
   * the poller, an immediate send or a second process never send the same row twice within the lease. */
  async claim(tx: Tx, id: number, now: number, leaseMs: number): Promise<OutboxRow | undefined> {
    return (await claimStmt(tx).execute({ id, now, leaseUntil: now + leaseMs }))[0];
  }

  async markSent(tx: Tx, id: number, now: number): Promise<void> {
    await markSentStmt(tx).execute({ id, now });
  }

  /** Records a failed attempt: retry at nextAttemptAt, or give up (status failed) when it is null. */
  async markFailedAttempt(tx: Tx, id: number, { error, nextAttemptAt }: FailedAttempt): Promise<void> {
    const { mailOutbox } = tx.t;
    await tx.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: error.slice(0, 500),
        ...(nextAttemptAt === null ? { status: "failed" as const } : { nextAttemptAt }),
      })
      .where(eq(mailOutbox.id, id));
  }

  async get(tx: Tx, id: number): Promise<OutboxRow | undefined> {
    const { mailOutbox } = tx.t;
    return (await tx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  }

  async statusOf(tx: Tx, id: number): Promise<MailStatus | undefined> {
    const { mailOutbox } = tx.t;
    return (await tx.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status;
  }

  async firstForOrder(tx: Tx, orderId: string, kind: string): Promise<OutboxRow | undefined> {
    const { mailOutbox } = tx.t;
    const rows = await tx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)))
      .orderBy(mailOutbox.id)
      .limit(1);
    return rows[0];
  }

  async insertDevMail(tx: Tx, row: Omit<DevMail, "id">): Promise<number> {
    const inserted = (await insertDevMailStmt(tx).execute(row))[0];
    if (!inserted) throw new Error("dev mailbox insert returned nothing");
    return inserted.id;
  }

  async listDevMailbox(tx: Tx, limit = 50): Promise<DevMailSummary[]> {
    const { devMailbox } = tx.t;
    return tx.db
      .select({
        id: devMailbox.id,
        to: devMailbox.to,
        from: devMailbox.from,
        subject: devMailbox.subject,
        createdAt: devMailbox.createdAt,
      })
      .from(devMailbox)
      .orderBy(desc(devMailbox.id))
      .limit(Math.min(Math.max(1, limit), 500));
  }

  async getDevMail(tx: Tx, id: number): Promise<DevMail | undefined> {
    const { devMailbox } = tx.t;
    return (await tx.db.select().from(devMailbox).where(eq(devMailbox.id, id)))[0];
  }
}
