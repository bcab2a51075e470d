/**
 * One read shared by the callers that ask while it is not yet under way. A caller never gets the result of a
 * read that started before it asked (it could miss a write committed just before), yet a burst of callers
 * costs two reads, not one each: the one running, and the next, which every caller arriving meanwhile joins.
 */
export class FreshRead<T> {
  private running: Promise<T> | undefined;
  private next: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
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
    const read = this.read().finally(() => {
      if (this.running === read) this.running = undefined;
    });
    this.running = read;
    return read;
  }
}
