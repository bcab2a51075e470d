/** The outbox worker: sends due mail with retries and exponential backoff. Exports: MailWorker with
 * runOnce(now) (one deterministic pass, for tests), sendNow(id, timeoutMs) (the checkout's immediate
 * send), wake(), start(), stop(). A row is claimed (leased) before it is sent, so it goes out once. */
import type { Db } from "../../db/client.ts";
import type { MailRepo, NewMail, OutboxRow } from "./mail.repo.ts";
import type { MailTransport } from "./mail.transport.ts";

export const DEFAULT_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
export const DEFAULT_MAX_ATTEMPTS = 8;

export interface MailWorkerOptions {
  from: string;
  backoffMs?: number[];
  maxAttempts?: number;
  pollMs?: number;
  batchSize?: number;
  clock?: () => number;
  log?: (message: string) => void;
}

/** Error text safe to store and log: no credentials from URLs, bounded length. */
export function safeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/([a-z]+:\/\/)[^\s@/]*@/gi, "$1***@").slice(0, 300);
}

export class MailWorker {
  private readonly backoffMs: number[];
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly clock: () => number;
  private readonly log: (message: string) => void;
  private readonly inflight = new Map<number, Promise<boolean>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;

  constructor(
    private readonly repo: MailRepo,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
  ) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.pollMs = options.pollMs ?? 1_000;
    this.batchSize = options.batchSize ?? 20;
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? ((m) => console.warn(m));
  }

  get transportName(): string {
    return this.transport.name;
  }

  /** Writes a new mail to the outbox inside the caller's open transaction. With a local transport (the dev
   * mailbox) it is delivered right there, in a savepoint, and its row written as sent; a failed delivery
   * rolls back to the savepoint and leaves the row pending with the failed attempt, for the poller to
   * retry, and the caller's writes whole. `sent` is undefined when delivery is left to sendNow() (SMTP). */
  enqueue(tx: Db, mail: NewMail, now: number): { id: number; sent: boolean | undefined } {
    const deliver = this.transport.deliverInTransaction;
    if (!deliver) return { id: this.repo.enqueue(tx, mail, now), sent: undefined };
    try {
      return this.repo.transaction(() => {
        deliver({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        return { id: this.repo.enqueue(tx, mail, now, true), sent: true };
      });
    } catch (err) {
      const id = this.repo.enqueue(tx, mail, now);
      this.recordFailure({ id, kind: mail.kind, attempts: 0 }, now, err);
      return { id, sent: false };
    }
  }

  /** One pass over the due rows at `now`; resolves when they have been tried. */
  async runOnce(now = this.clock()): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const ids = this.repo.dueIds(now, this.batchSize);
    const attempts: Promise<boolean>[] = [];
    for (const id of ids) {
      if (this.transport.deliverInTransaction) {
        const ok = this.deliverLocal(id, now);
        if (ok !== undefined) attempts.push(Promise.resolve(ok));
        continue;
      }
      const row = this.repo.claim(id, now, this.transport.leaseMs);
      if (row) attempts.push(this.track(row, now));
    }
    for (const ok of await Promise.all(attempts)) {
      if (ok) result.sent++;
      else result.failed++;
    }
    return result;
  }

  /** Tries to send one row right away; true if it went out within `timeoutMs` (else it stays queued or
   * keeps going in the background). */
  async sendNow(id: number, timeoutMs = 3_000): Promise<boolean> {
    if (this.transport.deliverInTransaction) {
      return this.deliverLocal(id, this.clock()) ?? this.repo.statusOf(id) === "sent";
    }
    let attempt = this.inflight.get(id);
    if (!attempt) {
      const now = this.clock();
      const row = this.repo.claim(id, now, this.transport.leaseMs);
      if (!row) return this.repo.statusOf(id) === "sent";
      attempt = this.track(row, now);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private track(row: OutboxRow, now: number): Promise<boolean> {
    const attempt = this.deliver(row, now).finally(() => this.inflight.delete(row.id));
    this.inflight.set(row.id, attempt);
    return attempt;
  }

  /** Claim, local delivery and "sent" in one transaction; undefined when the row was not due. */
  private deliverLocal(id: number, now: number): boolean | undefined {
    const deliver = this.transport.deliverInTransaction;
    if (!deliver) return undefined;
    // Assigned inside the transaction callback (so not narrowed by the compiler).
    let claimed = undefined as OutboxRow | undefined;
    try {
      return this.repo.transaction(() => {
        claimed = this.repo.claim(id, now, this.transport.leaseMs);
        if (!claimed) return undefined;
        deliver({
          from: this.options.from,
          to: claimed.to,
          subject: claimed.subject,
          text: claimed.text,
          html: claimed.html,
        });
        this.repo.markSent(id, now);
        return true;
      });
    } catch (err) {
      // The transaction rolled back (claim included): record the failed attempt on its own.
      if (!claimed) throw err;
      this.recordFailure(claimed, now, err);
      return false;
    }
  }

  private async deliver(row: OutboxRow, claimedAt: number): Promise<boolean> {
    try {
      await this.transport.send({
        from: this.options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      this.repo.markSent(row.id, Math.max(claimedAt, this.clock()));
      return true;
    } catch (err) {
      this.recordFailure(row, claimedAt, err);
      return false;
    }
  }

  private recordFailure(row: Pick<OutboxRow, "id" | "kind" | "attempts">, claimedAt: number, err: unknown): void {
    const attempts = row.attempts + 1;
    const error = safeError(err);
    const giveUp = attempts >= this.maxAttempts;
    const delay = this.backoffMs[Math.min(attempts - 1, this.backoffMs.length - 1)] ?? 60_000;
    this.repo.markFailedAttempt(row.id, error, giveUp ? null : claimedAt + delay);
    // Only the row id and kind: the body holds the private order link.
    this.log(`mail ${row.id} (${row.kind}) attempt ${attempts} failed${giveUp ? ", giving up" : ""}: ${error}`);
  }

  /** Polls now instead of waiting for the next tick (after a checkout commits). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.tick();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.tick();
  }

  private tick(): void {
    this.timer = undefined;
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((err: unknown) => this.log(`mail worker pass failed: ${safeError(err)}`))
      .finally(() => {
        this.running = undefined;
        if (!this.started) return;
        if (this.again) {
          this.again = false;
          this.tick();
          return;
        }
        this.timer = setTimeout(() => this.tick(), this.pollMs);
        this.timer.unref();
      });
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.inflight.values()]);
    await this.transport.close();
  }
}
