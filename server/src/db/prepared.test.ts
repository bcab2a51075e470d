import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { storeForEachTest, type TestStore } from "../test/harness.ts";
import { prepared } from "./prepared.ts";

describe("prepared statements", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  it("are built once per connection, not once per transaction, and run in the transaction that calls them", async () => {
    let builds = 0;
    const find = prepared("test_settings_by_key", (db, t) => {
      builds++;
      return db
        .select({ value: t.settings.value })
        .from(t.settings)
        .where(eq(t.settings.key, sql.placeholder("key")));
    });
    const connections = new Set<object>();
    for (let i = 0; i < 30; i++) {
      await store.data.transaction(async (tx) => {
        connections.add(tx.connection);
        await tx.db.insert(tx.t.settings).values({ key: `k${i}`, value: `"v${i}"`, rev: 0, updatedAt: i });
        // The row this transaction wrote and has not committed yet: the statement runs on its connection.
        expect(await find(tx).execute({ key: `k${i}` })).toEqual([{ value: `"v${i}"` }]);
      });
    }
    expect(connections.size).toBeLessThan(30);
    expect(builds).toBe(connections.size);
    // A transaction that fails leaves nothing behind, the statement included.
    await expect(
      store.data.transaction(async (tx) => {
        await tx.db.insert(tx.t.settings).values({ key: "gone", value: "1", rev: 0, updatedAt: 0 });
        expect(await find(tx).execute({ key: "gone" })).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await store.data.read((tx) => find(tx).execute({ key: "gone" }))).toEqual([]);
  });
});
