import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

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
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A page whose requests the test completes by hand, the registration waiting for 3 s of quiet, 10 s at most. */
  function waitingPage() {
    let onResource: (() => void) | null = null;
    let settled = false;
    const watch = (callback: () => void) => {
      onResource = callback;
      return () => {
        onResource = null;
      };
    };
    void whenNetworkQuiet(3000, 10_000, watch).then(() => (settled = true));
    return {
      request: () => onResource?.(),
      /** Still waiting now, done `ms` later, and no longer watching the page's requests. */
      expectDoneIn: async (ms: number) => {
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(ms);
        expect(settled).toBe(true);
        expect(onResource).toBeNull();
      },
    };
  }

  it("waits until the page has fetched nothing for a while", async () => {
    const page = waitingPage();
    await vi.advanceTimersByTimeAsync(2000);
    page.request();
    await vi.advanceTimersByTimeAsync(2500);
    await page.expectDoneIn(600);
  });

  it("does not wait past its cap for a page that keeps fetching", async () => {
    const page = waitingPage();
    for (let t = 0; t < 9000; t += 1000) {
      await vi.advanceTimersByTimeAsync(1000);
      page.request();
    }
    await page.expectDoneIn(1100);
  });
});
