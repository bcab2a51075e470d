import { describe, expect, it, vi } from "vitest";

vi.mock("virtual:pwa-register", () => ({ registerSW: () => () => Promise.resolve() }));

const { whenNoPendingEdits } = await import("./pwa-update.ts");

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
