import { describe, expect, it, vi } from "vitest";

vi.mock("virtual:pwa-register", () => ({ registerSW: () => () => Promise.resolve() }));

const { whenNetworkQuiet, whenNoPendingEdits } = await import("./pwa-update.ts");

describe("the update prompt", () => {
  it("waits until the admin outbox is empty", async () => {
    const counts = [2, 1, 0];
    const waits: number[] = [];
    await whenNoPendingEdits(
      async () => counts.shift() ?? 0,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(waits).toHaveLength(2);
    expect(counts).toEqual([]);
  });

  it("does not wait when nothing is queued", async () => {
    const wait = vi.fn(async () => undefined);
    await whenNoPendingEdits(async () => 0, wait);
    expect(wait).not.toHaveBeenCalled();
  });
});

describe("the service worker's registration", () => {
  /** A page whose requests the test completes by hand. */
  function fakePage() {
    let onResource: (() => void) | null = null;
    let settled = false;
    return {
      watch: (callback: () => void) => {
        onResource = callback;
        return () => {
          onResource = null;
        };
      },
      request: () => onResource?.(),
      watching: () => onResource !== null,
      track: (promise: Promise<void>) => void promise.then(() => (settled = true)),
      settled: () => settled,
    };
  }

  it("waits until the page has fetched nothing for a while", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage();
      page.track(whenNetworkQuiet(3000, 10_000, page.watch));
      await vi.advanceTimersByTimeAsync(2000);
      page.request();
      await vi.advanceTimersByTimeAsync(2500);
      expect(page.settled()).toBe(false);
      await vi.advanceTimersByTimeAsync(600);
      expect(page.settled()).toBe(true);
      expect(page.watching()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not wait past its cap for a page that keeps fetching", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage();
      page.track(whenNetworkQuiet(3000, 10_000, page.watch));
      for (let t = 0; t < 9000; t += 1000) {
        await vi.advanceTimersByTimeAsync(1000);
        page.request();
      }
      expect(page.settled()).toBe(false);
      await vi.advanceTimersByTimeAsync(1100);
      expect(page.settled()).toBe(true);
      expect(page.watching()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
