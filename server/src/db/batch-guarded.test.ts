/** DataLayer.batchGuarded on the engine under test (TEST_DATABASE): the guard's counts stay whatever the work does. */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../test/harness.ts";
import { RateLimitsRepo } from "../modules/rate-limits/rate-limits.repo.ts";
import type { Tx } from "./data.ts";

describe("batchGuarded", () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(() => store.close());

  /** Counts one hit on `key` (the rate limits' atomic upsert) and answers the new count. */
  const hit = async (tx: Tx, key: string): Promise<number> =>
    (await new RateLimitsRepo().hitAll(tx, [{ key, windowMs: 60_000 }], 1_000))[0]?.count ?? 0;
  const countOf = async (key: string) =>
    (await store.query((db, t) => db.select().from(t.rateLimits).where(eq(t.rateLimits.key, key))))[0]?.count ?? 0;
  const setting = async (key: string) =>
    (await store.query((db, t) => db.select().from(t.settings).where(eq(t.settings.key, key))))[0]?.value;
  const write = (key: string) => async (tx: Tx) => {
    await tx.db.insert(tx.t.settings).values({ key, value: "1", updatedAt: 0 });
    return key;
  };

  it("runs the work when the guard answers 0, and commits both", async () => {
    const outcome = await store.data.batchGuarded(async (tx) => ((await hit(tx, "g")) > 5 ? 1 : 0), write("a"));
    expect(outcome).toEqual({ value: "a" });
    expect(await countOf("g")).toBe(1);
    expect(await setting("a")).toBe("1");
  });

  it("keeps the guard's count and rolls back only the work when the work throws", async () => {
    const outcome = await store.data.batchGuarded(
      async (tx) => ((await hit(tx, "g")) > 5 ? 1 : 0),
      async (tx) => {
        await write("b")(tx);
        throw new Error("refused");
      },
    );
    expect(outcome).toEqual({ error: new Error("refused") });
    expect(await countOf("g")).toBe(1);
    expect(await setting("b")).toBeUndefined();
  });

  it("does not run the work when the guard refuses, and keeps the count", async () => {
    for (let i = 0; i < 2; i++) await store.data.batchGuarded((tx) => hit(tx, "g"), write(`never${i}`));
    expect(await countOf("g")).toBe(2);
    expect(await setting("never0")).toBeUndefined();
    expect(await store.data.batchGuarded(async () => 0, write("c"))).toEqual({ value: "c" });
    expect(await setting("c")).toBe("1");
  });

  it("keeps every count of many guarded batches in flight at once", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.data.batchGuarded(
          async (tx) => ((await hit(tx, "many")) > 20 ? 1 : 0),
          i % 3 === 0
            ? async () => {
                throw new Error("refused");
              }
            : async () => i,
        ),
      ),
    );
    expect(await countOf("many")).toBe(30);
    expect(outcomes.filter((o) => "refused" in o)).toHaveLength(10);
  });
});
