/** Group commit for small, independent writes on the hot path (checkout). Units queued while the batch waits
 * for its turn (at least one turn of the event loop) run together in one write transaction, each in its own
 * savepoint: a unit that throws rolls back alone and rejects its own caller, the others commit together. A
 * caller's promise settles only after the commit, so nothing is answered before it is durable; one commit
 * (its WAL flush and locks) then serves many orders instead of one.
 *
 * A batch holds the row locks of all its units until its commit, in no order other transactions share, so on an
 * engine with several writers a unit that waited for a lock another batch holds could close a circle of waits
 * between two batches (a deadlock, which PostgreSQL ends only after a second by failing one statement). So once the
 * batch keeps a unit's rows (the host's `holding`), a later unit that would wait for a lock gives way at once (the
 * host's `gaveWay`): its savepoint is rolled back, nothing of it written, and it runs again first in the next batch,
 * where it may wait, since the batch then holds nothing of other units. Giving way is not a failed run. A unit that
 * failed for a transient reason (the host's `transient`: a deadlock, as two lone transactions can also meet) runs
 * again in the next batch too, as the same request sent again would, at most MAX_ATTEMPTS times in all. */
import type { TransactionHost } from "./transactions.ts";

/** Runs of one unit at most, its first included, when it keeps failing for a transient reason. */
const MAX_ATTEMPTS = 3;

interface Unit<Tx> {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  attempts: number;
}

interface Outcome {
  ok: boolean;
  value: unknown;
  /** Whether the unit ran while its batch held rows of units before it. */
  afterOthers: boolean;
}

export class WriteBatch<Tx> {
  private queue: Unit<Tx>[] = [];
  /** Batches running now, at most `lanes`. */
  private flushers = 0;

  constructor(
    private readonly host: TransactionHost<Tx>,
    /** Upper bound on units per commit, so one commit never holds the connection for long. */
    private readonly maxUnits = 64,
    /** Batches that may run at once, each in its own transaction: with more than one, a batch is written while the
     * one before waits for the database (its statements' answers, its commit's flush). */
    private readonly lanes = 1,
  ) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, attempts: 0 });
      if (this.flushers >= this.lanes) return;
      this.flushers++;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      let units: Unit<Tx>[] = [];
      const outcomes: Outcome[] = [];
      try {
        await this.host.topLevel(async (tx) => {
          // Taken once the transaction has begun: units queued while it waited for the lock come along.
          units = this.queue.splice(0, this.maxUnits);
          let holding = false;
          for (const [i, unit] of units.entries()) {
            try {
              outcomes.push({ ok: true, value: await this.host.savepoint(tx, unit.work), afterOthers: holding });
              if (!holding && i < units.length - 1) {
                holding = true;
                this.host.holding?.(tx);
              }
            } catch (err) {
              outcomes.push({ ok: false, value: err, afterOthers: holding });
            }
          }
        });
      } catch (err) {
        // The commit (or the BEGIN) failed: nothing of these units was written.
        if (units.length === 0) units = this.queue.splice(0, this.maxUnits);
        for (const unit of units) unit.reject(err);
        continue;
      }
      const again: Unit<Tx>[] = [];
      units.forEach((unit, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) unit.resolve(outcome.value);
        else if (outcome?.afterOthers && this.host.gaveWay?.(outcome.value)) again.push(unit);
        else if (++unit.attempts < MAX_ATTEMPTS && this.host.transient?.(outcome?.value)) again.push(unit);
        else unit.reject(outcome?.value);
      });
      // First in the next batch: they have waited longest, and the first unit of a batch may wait for a lock.
      this.queue.unshift(...again);
    }
    this.flushers--;
  }
}
