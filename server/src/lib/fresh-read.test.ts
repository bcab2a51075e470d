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

  it("answers from the last read while the stamp taken before it is unchanged, and reads again once it changes", async () => {
    let reads = 0;
    let stamp = "a";
    const fresh = new FreshRead(
      async () => ++reads,
      () => stamp,
    );
    expect(await fresh.get()).toBe(1);
    expect(await fresh.get()).toBe(1);
    stamp = "b"; // something was committed
    expect(await fresh.get()).toBe(2);
    expect(await fresh.get()).toBe(2);
    expect(reads).toBe(2);
  });

  it("keeps the stamp taken before a read began, so a commit during the read makes the next caller read", async () => {
    const { read, started } = controlledRead();
    let stamp = "a";
    const fresh = new FreshRead(read, () => stamp);
    const first = fresh.get();
    stamp = "b"; // committed while the read runs: the read may or may not have seen it
    started[0]?.(1);
    expect(await first).toBe(1);
    const second = fresh.get();
    expect(started).toHaveLength(2);
    started[1]?.(2);
    expect(await second).toBe(2);
  });

  it("always reads when the data layer has no stamp", async () => {
    let reads = 0;
    const fresh = new FreshRead(
      async () => ++reads,
      () => null,
    );
    await fresh.get();
    await fresh.get();
    expect(reads).toBe(2);
  });
});
