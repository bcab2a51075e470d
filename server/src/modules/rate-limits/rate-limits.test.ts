import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../http/rate-limit.ts";
import { RateLimitsRepo } from "./rate-limits.repo.ts";
import { storeForEachTest, type TestStore } from "../../test/harness.ts";

describe("rate limits in the database", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  it("counts the requests of every instance together, exactly, even when they arrive at once", async () => {
    let now = 1_000_000;
    // Two limiters on one database: two instances behind a load balancer.
    const instances = [1, 2].map(
      () =>
        new RateLimiter(store.services.rateLimits, {
          name: "test",
          limit: 30,
          windowMs: 60_000,
          trustProxy: false,
          clock: () => now,
        }),
    );
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => instances[i % 2]?.take("203.0.113.7") ?? Promise.resolve(-1)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(30);
    expect(waits.filter((w) => w > 0).every((w) => w === 60)).toBe(true);
    // Another address has its own count; a new window starts from zero.
    expect(await instances[0]?.take("198.51.100.1")).toBe(0);
    now += 45_000;
    expect(await instances[1]?.take("203.0.113.7")).toBe(15);
    now += 15_000;
    expect(await instances[1]?.take("203.0.113.7")).toBe(0);
  });

  it("counts several keys in one statement, each in its own window, in the order asked, a repeated key twice", async () => {
    const repo = new RateLimitsRepo();
    const hitAll = (hits: { key: string; windowMs: number }[], now: number) =>
      store.data.batch((tx) => repo.hitAll(tx, hits, now));
    const minute = { key: "a:minute", windowMs: 60_000 };
    const hour = { key: "b:hour", windowMs: 3_600_000 };
    const day = { key: "0:day", windowMs: 86_400_000 };
    expect(await hitAll([minute, hour, day], 1_000_000)).toEqual([
      { count: 1, windowStart: 1_000_000 },
      { count: 1, windowStart: 1_000_000 },
      { count: 1, windowStart: 1_000_000 },
    ]);
    expect(await hitAll([hour, minute], 1_030_000)).toEqual([
      { count: 2, windowStart: 1_000_000 },
      { count: 2, windowStart: 1_000_000 },
    ]);
    // A minute on: the minute's window starts again, the hour's and the day's go on.
    expect(await hitAll([day, minute, hour, minute], 1_060_000)).toEqual([
      { count: 2, windowStart: 1_000_000 },
      { count: 1, windowStart: 1_060_000 },
      { count: 3, windowStart: 1_000_000 },
      { count: 2, windowStart: 1_060_000 },
    ]);
    expect(await hitAll([], 1_060_000)).toEqual([]);
  });
});
