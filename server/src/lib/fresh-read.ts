/**
 * One read shared by the callers that ask while it is not yet under way. A caller never gets the result of a
 * read that started before it asked (it could miss a write committed just before), yet a burst of callers
 * costs two reads, not one each: the one running, and the next, which every caller arriving meanwhile joins.
 *
 * Given `stamp` (the data layer's changeStamp), a caller whose stamp equals the one taken just before the last
 * read started gets that read's result without a read: nothing was committed since, so a read now would give
 * the same. A null stamp means "unknown": read.
 */
export class FreshRead<T> {
  private running: Promise<T> | undefined;
  private next: Promise<T> | undefined;
  private last: { stamp: string; value: T } | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly stamp: () => string | null = () => null,
  ) {}

  get(): Promise<T> {
    const stamp = this.stamp();
    if (stamp !== null && this.last?.stamp === stamp) return Promise.resolve(this.last.value);
    if (!this.running) return this.start();
    this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private startNext(): Promise<T> {
    this.next = undefined;
    return this.start();
  }

  private start(): Promise<T> {
    const stamp = this.stamp();
    const read = this.read()
      .then((value) => {
        if (stamp !== null) this.last = { stamp, value };
        return value;
      })
      .finally(() => {
        if (this.running === read) this.running = undefined;
      });
    this.running = read;
    return read;
  }
}
