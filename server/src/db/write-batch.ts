/** Group commit for small, independent writes on the hot path (checkout). Units queued during one turn of
 * the event loop run together in one SQLite transaction, each in its own savepoint: a unit that throws
 * rolls back alone and rejects its own caller, the others commit together. A caller's promise settles only
 * after the commit, so nothing is answered before it is durable; one commit (its WAL frames and locks)
 * then serves many orders instead of one. Runs synchronously inside the flush, like every transaction here. */
import type { Db } from "./client.ts";
import { transactionRunner, type InTransaction } from "./transactions.ts";

interface Unit {
  work: (tx: Db) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class WriteBatch {
  private queue: Unit[] = [];
  private readonly inTransaction: InTransaction;

  constructor(
    private readonly db: Db,
    /** Upper bound on units per commit, so one commit never holds the event loop for long. */
    private readonly maxUnits = 64,
  ) {
    this.inTransaction = transactionRunner(db);
  }

  run<T>(work: (tx: Db) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    while (this.queue.length > 0) {
      const units = this.queue.splice(0, this.maxUnits);
      const outcomes: { ok: boolean; value: unknown }[] = [];
      try {
        this.inTransaction(() => {
          for (const unit of units) {
            try {
              outcomes.push({ ok: true, value: this.inTransaction(() => unit.work(this.db)) });
            } catch (err) {
              outcomes.push({ ok: false, value: err });
            }
          }
        }, "immediate");
      } catch (err) {
        for (const unit of units) unit.reject(err);
        continue;
      }
      units.forEach((unit, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) unit.resolve(outcome.value);
        else unit.reject(outcome?.value);
      });
    }
  }
}
