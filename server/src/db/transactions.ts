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
}
