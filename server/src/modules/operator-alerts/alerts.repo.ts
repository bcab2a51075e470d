/** Operator alerts' queries (docs/decisions.md D48); each method takes the transaction it runs in. Exports AlertsRepo:
 * add (an alert), hasPending / claim (a kind's alerts waiting for a channel, moved into one digest), turnOff,
 * openDigest (one per kind, channel and window: false when the window has one), fillDigest / dropDigest, dueTelegram,
 * lease (a Telegram digest claimed for one sender) and settle (what Telegram answered). */
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { AlertChannel, AlertKind } from "@store/shared/schemas/operator-alerts";
import type { Tx } from "../../db/data.ts";
import type { operatorAlertDigests, operatorAlerts } from "../../db/schema/index.ts";

export type NewAlert = Omit<typeof operatorAlerts.$inferInsert, "id">;
export type DigestRow = typeof operatorAlertDigests.$inferSelect;
export interface ClaimedAlert {
  summary: string;
  createdAt: number;
}

export class AlertsRepo {
  async add(tx: Tx, alert: NewAlert): Promise<void> {
    const { operatorAlerts } = tx.t;
    await tx.db.insert(operatorAlerts).values(alert).returning({ id: operatorAlerts.id });
  }

  private stateOf(tx: Tx, channel: AlertChannel) {
    const { operatorAlerts: a } = tx.t;
    return channel === "email"
      ? { state: a.emailState, digest: a.emailDigest }
      : { state: a.telegramState, digest: a.telegramDigest };
  }

  async hasPending(tx: Tx, kind: AlertKind, channel: AlertChannel): Promise<boolean> {
    const { operatorAlerts: a } = tx.t;
    const { state } = this.stateOf(tx, channel);
    const rows = await tx.db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(state, "pending"), eq(a.kind, kind)))
      .limit(1);
    return rows.length > 0;
  }

  /** Moves every alert of `kind` waiting for `channel` into digest `digestId`; answers them, oldest first. */
  async claim(tx: Tx, kind: AlertKind, channel: AlertChannel, digestId: number): Promise<ClaimedAlert[]> {
    const { operatorAlerts: a } = tx.t;
    const { state, digest } = this.stateOf(tx, channel);
    const set =
      channel === "email"
        ? { emailState: "digested" as const, emailDigest: digestId }
        : { telegramState: "digested" as const, telegramDigest: digestId };
    const rows = await tx.db
      .update(a)
      .set(set)
      .where(and(eq(state, "pending"), eq(a.kind, kind), isNull(digest)))
      .returning({ summary: a.summary, createdAt: a.createdAt });
    return rows.sort((x, y) => x.createdAt - y.createdAt);
  }

  /** The operator turned `channel` off for `kind`: what waits for it is not sent. */
  async turnOff(tx: Tx, kind: AlertKind, channel: AlertChannel): Promise<void> {
    const { operatorAlerts: a } = tx.t;
    const { state } = this.stateOf(tx, channel);
    const set = channel === "email" ? { emailState: "off" as const } : { telegramState: "off" as const };
    await tx.db
      .update(a)
      .set(set)
      .where(and(eq(state, "pending"), eq(a.kind, kind)))
      .returning({ id: a.id });
  }

  /** The window's digest for `kind` and `channel`, or undefined when the window has one already (this instance's or
   * another's: on PostgreSQL a concurrent insert waits for the other transaction, then finds its row). */
  async openDigest(
    tx: Tx,
    d: { kind: AlertKind; channel: AlertChannel; windowStart: number; now: number },
  ): Promise<number | undefined> {
    const { operatorAlertDigests: g } = tx.t;
    const rows = await tx.db
      .insert(g)
      .values({
        kind: d.kind,
        channel: d.channel,
        windowStart: d.windowStart,
        alerts: 0,
        text: "",
        status: "pending",
        nextAttemptAt: d.now,
        createdAt: d.now,
      })
      .onConflictDoNothing({ target: [g.kind, g.channel, g.windowStart] })
      .returning({ id: g.id });
    return rows[0]?.id;
  }

  async fillDigest(tx: Tx, id: number, alerts: number, text: string, status: "pending" | "queued"): Promise<void> {
    const { operatorAlertDigests: g } = tx.t;
    await tx.db.update(g).set({ alerts, text, status }).where(eq(g.id, id)).returning({ id: g.id });
  }

  async dropDigest(tx: Tx, id: number): Promise<void> {
    const { operatorAlertDigests: g } = tx.t;
    await tx.db.delete(g).where(eq(g.id, id)).returning({ id: g.id });
  }

  /** Telegram digests due now and not held by a sender, oldest first. */
  async dueTelegram(tx: Tx, now: number, limit: number): Promise<number[]> {
    const { operatorAlertDigests: g } = tx.t;
    const rows = await tx.db
      .select({ id: g.id })
      .from(g)
      .where(
        and(
          eq(g.status, "pending"),
          eq(g.channel, "telegram"),
          lte(g.nextAttemptAt, now),
          or(isNull(g.leaseUntil), lte(g.leaseUntil, now)),
        ),
      )
      .orderBy(asc(g.nextAttemptAt), asc(g.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Claims a due digest for one sender until `until` (a conditional update: of two instances, one gets it). */
  async lease(tx: Tx, id: number, now: number, until: number): Promise<DigestRow | undefined> {
    const { operatorAlertDigests: g } = tx.t;
    const rows = await tx.db
      .update(g)
      .set({ leaseUntil: until, attempts: sql`${g.attempts} + 1` })
      .where(
        and(
          eq(g.id, id),
          eq(g.status, "pending"),
          lte(g.nextAttemptAt, now),
          or(isNull(g.leaseUntil), lte(g.leaseUntil, now)),
        ),
      )
      .returning();
    return rows[0];
  }

  /** What the send did: sent, failed for good, or to try again at `nextAttemptAt`; the lease is let go. */
  async settle(
    tx: Tx,
    id: number,
    outcome: { status: "sent" | "failed" | "pending"; now: number; nextAttemptAt?: number; error?: string },
  ): Promise<void> {
    const { operatorAlertDigests: g } = tx.t;
    await tx.db
      .update(g)
      .set({
        status: outcome.status,
        leaseUntil: null,
        lastError: outcome.error?.slice(0, 500) ?? null,
        ...(outcome.status === "sent" ? { sentAt: outcome.now } : {}),
        ...(outcome.nextAttemptAt === undefined ? {} : { nextAttemptAt: outcome.nextAttemptAt }),
      })
      .where(eq(g.id, id))
      .returning({ id: g.id });
  }
}
