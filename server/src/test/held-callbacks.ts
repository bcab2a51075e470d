/** Callbacks a fake provider sends a while after the API call that caused them, as real providers do (never inside
 * the call's answer): `delayMs` later, or at once when a test asks for them with delivered(). */
export class HeldCallbacks {
  private readonly held: { send: () => Promise<unknown>; timer: NodeJS.Timeout }[] = [];
  private readonly sent: Promise<unknown>[] = [];

  constructor(public delayMs = 100) {}

  /** Sends `send` after `delayMs`; its failure is the receiver's business, not the fake's. */
  later(send: () => Promise<unknown>): void {
    const entry = {
      send,
      timer: setTimeout(() => {
        const i = this.held.indexOf(entry);
        if (i >= 0) this.held.splice(i, 1);
        this.sent.push(send().catch(() => undefined));
      }, this.delayMs),
    };
    this.held.push(entry);
  }

  /** Sends at once what is still held, and waits until every callback has been answered. */
  async delivered(): Promise<void> {
    for (const h of this.held.splice(0)) {
      clearTimeout(h.timer);
      this.sent.push(h.send().catch(() => undefined));
    }
    while (this.sent.length > 0) await Promise.all(this.sent.splice(0));
  }

  /** Drops what is not sent yet (a fake that closes: the timers would keep the process alive). */
  clear(): void {
    for (const h of this.held.splice(0)) clearTimeout(h.timer);
  }
}
