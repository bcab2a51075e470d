import { describe, expect, it } from "vitest";
import { FreshRead } from "./fresh-read.ts";

/** A read whose answer the test releases by hand, counting the reads started. */
function controlledRead() {
  const started: ((value: number) => void)[] = [];
  const read = () => new Promise<number>((resolve) => started.push(resolve));
  return { read, started };
}

describe("FreshRead", () => {
  it("gives callers that ask during a read the next read, shared, never the one already running", async () => {
    const { read, started } = controlledRead();
    const fresh = new FreshRead(read);
    const first = fresh.get();
    const second = fresh.get(); // asked while the first read runs: it must not get its answer
    const third = fresh.get();
    expect(started).toHaveLength(1);
    started[0]?.(1); // a write commits after the first read, which answers 1
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[1]?.(2);
    expect([await second, await third]).toEqual([2, 2]);
  });

  it("starts a new read once the last one is done", async () => {
    let reads = 0;
    const fresh = new FreshRead(async () => ++reads);
    expect(await fresh.get()).toBe(1);
    expect(await fresh.get()).toBe(2);
  });

  it("lets a failed read fail its own callers only", async () => {
    let reads = 0;
    const fresh = new FreshRead(async () => {
      reads++;
      if (reads === 1) throw new Error("connection lost");
      return reads;
    });
    const failing = fresh.get();
    const next = fresh.get();
    await expect(failing).rejects.toThrow("connection lost");
    expect(await next).toBe(2);
  });
});
