/** The outbox worker: sends due mail with retries and exponential backoff. Exports: MailWorker with
 * runOnce(now) (one deterministic pass, for tests), sendNow(id, timeoutMs) (the checkout's immediate
 * send), wake(), start(), stop(). A row is claimed (leased) before it is sent, so it goes out once. */
import type { DataLayer, Tx } from "../../db/data.ts";
import { WithClockAndLog, type ClockAndLog } from "../../lib/clock-and-log.ts";
import type { FailedAttempt, MailRepo, NewMail, OutboxRow } from "./mail.repo.ts";
import type { MailTransport } from "./mail.transport.ts";
import type { MailContent } from "./templates.ts";

/** Renders a mail stored as kind + order + parameters (`params` set), at send time, inside `tx`. */
export type MailRenderer = (tx: Tx, row: OutboxRow) => Promise<MailContent>;

const DEFAULT_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
const DEFAULT_MAX_ATTEMPTS = 8;

export interface MailWorkerOptions extends ClockAndLog {
  from: string;
  backoffMs?: number[];
  maxAttempts?: number;
  pollMs?: number;
  batchSize?: number;
  /** For rows with `params` (the delivery email with its codes, mail naming the private order link). */
  render?: MailRenderer;
}

/** Error text safe to store and log: no credentials from URLs, bounded length. */
export function safeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/([a-z]+:\/\/)[^\s@/]*@/gi, "$1***@").slice(0, 300);
}

export class MailWorker extends WithClockAndLog {
  private readonly backoffMs: number[];
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly inflight = new Map<number, Promise<boolean>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;

  constructor(
    private readonly data: DataLayer,
    private readonly repo: MailRepo,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
  ) {
    super(options);
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.pollMs = options.pollMs ?? 1_000;
    this.batchSize = options.batchSize ?? 20;
  }

  get transportName(): string {
    return this.transport.name;
  }

  /** Writes a new mail to the outbox inside the caller's open transaction. With a local transport (the dev
   * mailbox) it is delivered right there and its row written as sent; a failed delivery leaves the row pending
   * with the failed attempt, for the poller to retry, and the caller's writes whole. `sent` is undefined when
   * delivery is left to sendNow() (SMTP).
   * `content` is the rendered mail when `mail` is stored as parameters (rendered again if it must be retried). */
  async enqueue(
    tx: Tx,
    mail: NewMail,
    now: number,
    content: MailContent = mail,
  ): Promise<{ id: number; sent: boolean | undefined }> {
    const deliver = this.transport.deliverInTransaction;
    if (!deliver) return { id: await this.repo.enqueue(tx, mail, now), sent: undefined };
    // No savepoint around the delivery (on PostgreSQL one costs two round trips per order): what can fail in it
    // is the mail's sealing, which throws before any statement, and the dev mailbox's insert, whose id is an
    // identity, which fails only when the database does, and that fails the caller's transaction anyway.
    let delivered: Promise<void>;
    try {
      delivered = deliver(tx, {
        from: this.options.from,
        to: mail.to,
        subject: content.subject,
        text: content.text,
        html: content.html,
      });
    } catch (err) {
      // One statement: the caller may leave it to its commit (Tx.last), which no statement may follow.
      const failure = this.failedAttempt(1, now, err);
      const id = await this.repo.enqueue(tx, mail, now, failure);
      this.logFailure(id, mail.kind, 1, failure);
      return { id, sent: false };
    }
    // The mailbox's row and the outbox's go together: one round trip on PostgreSQL.
    const [, id] = await Promise.all([delivered, this.repo.enqueue(tx, mail, now, "delivered")]);
    return { id, sent: true };
  }

  /** One pass over the due rows at `now`; resolves when they have been tried. */
  async runOnce(now = this.clock()): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const ids = await this.data.read((tx) => this.repo.dueIds(tx, now, this.batchSize));
    const attempts: Promise<boolean>[] = [];
    for (const id of ids) {
      if (this.transport.deliverInTransaction) {
        const ok = await this.deliverLocal(id, now);
        if (ok !== undefined) attempts.push(Promise.resolve(ok));
        continue;
      }
      const row = await this.claim(id, now);
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
      return (await this.deliverLocal(id, this.clock())) ?? (await this.isSent(id));
    }
    let attempt = this.inflight.get(id);
    if (!attempt) {
      const now = this.clock();
      const row = await this.claim(id, now);
      if (!row) return this.isSent(id);
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

  private claim(id: number, now: number): Promise<OutboxRow | undefined> {
    return this.data.transaction((tx) => this.repo.claim(tx, id, now, this.transport.leaseMs));
  }

  private async isSent(id: number): Promise<boolean> {
    return (await this.data.read((tx) => this.repo.statusOf(tx, id))) === "sent";
  }

  private track(row: OutboxRow, now: number): Promise<boolean> {
    const attempt = this.deliver(row, now).finally(() => this.inflight.delete(row.id));
    this.inflight.set(row.id, attempt);
    return attempt;
  }

  /** Claim, local delivery and "sent" in one transaction; undefined when the row was not due. */
  private async deliverLocal(id: number, now: number): Promise<boolean | undefined> {
    const deliver = this.transport.deliverInTransaction;
    if (!deliver) return undefined;
    // Assigned inside the transaction callback (so not narrowed by the compiler).
    let claimed = undefined as OutboxRow | undefined;
    try {
      return await this.data.transaction(async (tx) => {
        claimed = await this.repo.claim(tx, id, now, this.transport.leaseMs);
        if (!claimed) return undefined;
        const content = await this.contentOf(tx, claimed);
        await deliver(tx, {
          from: this.options.from,
          to: claimed.to,
          subject: content.subject,
          text: content.text,
          html: content.html,
        });
        await this.repo.markSent(tx, id, now);
        return true;
      });
    } catch (err) {
      // The transaction rolled back (claim included): record the failed attempt on its own.
      const row = claimed;
      if (!row) throw err;
      await this.data.transaction((tx) => this.recordFailure(tx, row, now, err));
      return false;
    }
  }

  /** The mail as sent: stored as is, or rendered now from its kind, order and parameters. */
  private contentOf(tx: Tx, row: OutboxRow): Promise<MailContent> {
    if (row.params === null) return Promise.resolve(row);
    if (!this.options.render) return Promise.reject(new Error(`no renderer for mail kind ${row.kind}`));
    return this.options.render(tx, row);
  }

  private async deliver(row: OutboxRow, claimedAt: number): Promise<boolean> {
    try {
      const content = await this.data.read((tx) => this.contentOf(tx, row));
      await this.transport.send({
        from: this.options.from,
        to: row.to,
        subject: content.subject,
        text: content.text,
        html: content.html,
      });
    } catch (err) {
      await this.data.transaction((tx) => this.recordFailure(tx, row, claimedAt, err));
      return false;
    }
    await this.data.transaction((tx) => this.repo.markSent(tx, row.id, Math.max(claimedAt, this.clock())));
    return true;
  }

  private async recordFailure(
    tx: Tx,
    row: Pick<OutboxRow, "id" | "kind" | "attempts">,
    claimedAt: number,
    err: unknown,
  ): Promise<void> {
    const failure = this.failedAttempt(row.attempts + 1, claimedAt, err);
    await this.repo.markFailedAttempt(tx, row.id, failure);
    this.logFailure(row.id, row.kind, row.attempts + 1, failure);
  }

  /** Attempt number `attempts` failed at `at`: when to try again (null: give up). */
  private failedAttempt(attempts: number, at: number, err: unknown): FailedAttempt {
    const delay = this.backoffMs[Math.min(attempts - 1, this.backoffMs.length - 1)] ?? 60_000;
    return { error: safeError(err), nextAttemptAt: attempts >= this.maxAttempts ? null : at + delay };
  }

  private logFailure(id: number, kind: string, attempts: number, failure: FailedAttempt): void {
    // Only the row id and kind: the body holds the private order link.
    const giveUp = failure.nextAttemptAt === null ? ", giving up" : "";
    this.log(`mail ${id} (${kind}) attempt ${attempts} failed${giveUp}: ${failure.error}`);
  }

  /** Polls now instead of waiting for the next tick (after a checkout commits). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    // Woken from inside a request's transaction: the worker's own transactions must not join it.
    this.data.detached(() => this.tick());
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.start?.();
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
