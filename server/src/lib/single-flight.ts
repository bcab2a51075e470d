/** Concurrent callers asking for the same key share one run of the work: the first caller starts it, the ones
 * that come while it runs join it, and the first call after it settles starts a new run. Within one process. */
export class SingleFlight<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  /** The run's answer for `key`, and whether this caller joined a run another caller had started. */
  run(key: K, work: () => Promise<V>): { value: Promise<V>; joined: boolean } {
    const running = this.running.get(key);
    if (running) return { value: running, joined: true };
    const value = work().finally(() => {
      if (this.running.get(key) === value) this.running.delete(key);
    });
    this.running.set(key, value);
    return { value, joined: false };
  }

  /** How many keys have a run going. */
  get size(): number {
    return this.running.size;
  }
}
