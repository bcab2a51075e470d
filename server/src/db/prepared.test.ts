import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { storeForEachTest, type TestStore } from "../test/harness.ts";
import { prepared, refuseBareLimit } from "./prepared.ts";

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

  it("refuse a LIMIT that SQLite would compile again on every run, and take one it compiles once", async () => {
    expect(() => refuseBareLimit("t", 'select "id" from "codes" where "product_id" = ? limit ?')).toThrow(
      /t: its LIMIT is a bare placeholder/,
    );
    for (const text of [
      'select "id" from "codes" limit ? + 0',
      'select "id" from "codes" limit 1',
      'select "id" from "codes" limit $2',
      'select "id" from "codes" where "limit_at" = ?',
    ])
      expect(() => refuseBareLimit("t", text)).not.toThrow();
    const firstSetting = prepared("test_first_setting", (db, t) => db.select().from(t.settings).limit(1));
    const built = store.data.read(async (tx) => firstSetting(tx).execute());
    // drizzle writes `.limit(1)` as a bound value: "limit ?" on SQLite, "limit $1" on PostgreSQL.
    if (store.data.engine === "sqlite") await expect(built).rejects.toThrow(/test_first_setting/);
    else await expect(built).resolves.toBeDefined();
  });
});
