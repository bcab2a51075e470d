/** Engine-neutral pieces of the transaction helper: the lock that serializes transactions on one connection,
 * and the shape of a unit of group commit. */

/** A FIFO lock: `tryLock()` takes it at once when free; otherwise `wait()` resolves when it is handed over
 * (still locked, to the waiter). Every `lock` is paired with one `unlock()`. */
export class Mutex {
  private locked = false;
  private readonly waiters: (() => void)[] = [];

  tryLock(): boolean {
    if (this.locked) return false;
    this.locked = true;
    return true;
  }

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async lock(): Promise<void> {
    if (!this.tryLock()) await this.wait();
  }

  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

/** Runs transactions for the write batch: a new outermost write transaction, and a savepoint inside one. */
export interface TransactionHost<Tx> {
  topLevel<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Whether an error a unit failed with leaves it worth running again as it was (a deadlock that ended it). */
  transient?(error: unknown): boolean;
  /** Called once a batch's transaction keeps a unit's rows: from then on a unit of it that would wait for a lock
   * another transaction holds fails at once instead, with an error `gaveWay` accepts (see WriteBatch). */
  holding?(tx: Tx): void;
  /** Whether a unit failed because it would have waited for a lock while its batch held rows (after `holding`). */
  gaveWay?(error: unknown): boolean;
}

/** The state every engine's tx keeps: a tx refuses statements after its transaction ended, and while a
 * savepoint of it is open (its statements go through the savepoint's tx then). */
export class TxState {
  private ended = false;
  private busy = false;
  private readonly early: Promise<unknown>[] = [];
  private readonly lastStatements: Promise<unknown>[] = [];
  private catalogVersion = 0;

  /** Reads sent ahead: `reads` run now, beside the statements the work issues next (on PostgreSQL they leave in
   * the same write), and the work awaits the answer where it needs it. The transaction (or savepoint) waits for
   * them before it ends, whichever way it ends, so none runs a statement after it; an answer the work never read
   * is dropped, failure or not (a statement that failed on PostgreSQL still makes the commit fail). */
  ahead<T>(reads: PromiseLike<T>): Promise<T> {
    // Made a promise once: a drizzle query runs each time it is awaited.
    const answer = Promise.resolve(reads);
    answer.catch(() => undefined);
    this.early.push(answer);
    return answer;
  }

  /** The work's last statements, whose answers it does not wait for: the transaction (or savepoint) commits only
   * once they have all succeeded, and fails with the first that failed. On PostgreSQL its COMMIT leaves in one
   * write with them: a round trip less. No statement may follow them. Answers their result, for after the commit. */
  last<T>(statements: PromiseLike<T>): Promise<T> {
    const answer = Promise.resolve(statements);
    answer.catch(() => undefined);
    this.lastStatements.push(answer);
    return answer;
  }

  /** Runs the work of this tx: once it has answered, waits for the reads it sent ahead, so that the transaction
   * (or savepoint) can end; when it throws, waits for every statement it left running before the rollback. */
  async runWork<T>(work: Promise<T>): Promise<T> {
    // Most transactions send nothing ahead: they pay for no extra wait.
    try {
      const result = await work;
      if (this.early.length > 0) await Promise.allSettled(this.early);
      return result;
    } catch (err) {
      if (this.early.length + this.lastStatements.length > 0)
        await Promise.allSettled([...this.early, ...this.lastStatements]);
      throw err;
    }
  }

  /** Waits for the statements given to last(); throws the first failure. */
  async settle(): Promise<void> {
    await Promise.all(this.lastStatements);
  }

  wroteCatalogVersion(rev: number): void {
    if (rev > this.catalogVersion) this.catalogVersion = rev;
  }

  /** The newest catalog version this transaction (or its released savepoints) wrote; 0 for none. */
  get catalogVersionWritten(): number {
    return this.catalogVersion;
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  /** Throws unless this tx may run a statement now. */
  protected check(): void {
    if (this.ended) throw new Error("This transaction has ended: its tx cannot run statements any more.");
    if (this.busy) throw new Error("A savepoint of this transaction is open: run statements through its tx.");
  }

  /** Marks a savepoint open inside this transaction (one at a time). */
  enter(): void {
    if (this.ended) throw new Error("This transaction has ended: no savepoint can be opened in it.");
    if (this.busy) throw new Error("A savepoint of this transaction is open already: one at a time.");
    this.busy = true;
  }

  leave(): void {
    this.busy = false;
  }

  end(): void {
    this.ended = true;
  }
}
