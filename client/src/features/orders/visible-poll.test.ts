import { describe, expect, it } from "vitest";
import { startVisiblePolling, type PollEnvironment } from "./visible-poll.ts";

/** A hand-driven clock and visibility, so the test decides when each timer fires. */
function fakeEnvironment() {
  let visible = true;
  let nextId = 1;
  const timers = new Map<number, { fn: () => void; ms: number }>();
  const listeners = new Set<() => void>();
  const env: PollEnvironment = {
    isVisible: () => visible,
    onVisibilityChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { fn, ms });
      return id;
    },
    clearTimeout: (id) => timers.delete(id),
  };
  return {
    env,
    timers,
    listeners,
    /** Fires every pending timer once. */
    fire() {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, t] of due) t.fn();
    },
    setVisible(v: boolean) {
      visible = v;
      for (const l of listeners) l();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("polling while the page is visible", () => {
  it("asks again after each interval, one request at a time, and stops when told", async () => {
    const fake = fakeEnvironment();
    let calls = 0;
    const stop = startVisiblePolling(async () => void calls++, 5000, fake.env);
    expect([...fake.timers.values()].map((t) => t.ms)).toEqual([5000]);
    fake.fire();
    expect(calls).toBe(1);
    expect(fake.timers.size).toBe(0); // the next one waits for this answer
    await flush();
    expect(fake.timers.size).toBe(1);
    fake.fire();
    await flush();
    expect(calls).toBe(2);
    stop();
    expect(fake.timers.size).toBe(0);
    expect(fake.listeners.size).toBe(0);
  });

  it("pauses while hidden and asks at once when the page shows again", async () => {
    const fake = fakeEnvironment();
    let calls = 0;
    const stop = startVisiblePolling(async () => void calls++, 5000, fake.env);
    fake.setVisible(false);
    expect(fake.timers.size).toBe(0);
    fake.setVisible(true);
    expect(calls).toBe(1);
    await flush();
    expect(fake.timers.size).toBe(1);
    stop();
  });

  it("keeps polling after a failed request", async () => {
    const fake = fakeEnvironment();
    let calls = 0;
    const stop = startVisiblePolling(
      async () => {
        calls++;
        throw new Error("offline");
      },
      5000,
      fake.env,
    );
    fake.fire();
    await flush();
    expect(calls).toBe(1);
    expect(fake.timers.size).toBe(1);
    stop();
  });
});
