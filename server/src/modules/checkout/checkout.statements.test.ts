/** Checkout is the hot path: once a store has placed an order of a kind, the next one of that kind compiles no SQL
 * statement on SQLite. A query that drizzle builds and SQLite compiles on every order, rather than a prepared()
 * statement, is among the costliest things an order can do on the main thread (docs/benchmarks.md). */
import { describe, expect, it } from "vitest";
import { ADMIN_ENV, signIn } from "../../test/admin-session.ts";
import { checkoutBody, LIMITS_OUT_OF_REACH } from "../../test/checkout-request.ts";
import { jsonRequest, storeForEachTest, TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";
import { SqliteData } from "../../db/sqlite.ts";

describe.skipIf(TEST_ON_POSTGRES)("checkout's statements on SQLite", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), { seed: true, env: { ...ADMIN_ENV, ...LIMITS_OUT_OF_REACH } });

  it("are compiled by the first order of a kind only: manual, from code stock, both in one order", async () => {
    const admin = await signIn(store);
    expect((await admin.request("PUT", "/api/admin/products/psn-10-us", { deliveryMode: "automatic" })).status).toBe(
      200,
    );
    const codes = Array.from({ length: 20 }, (_, i) => `PSN-STMT-${i}`).join("\n");
    expect((await admin.request("POST", "/api/admin/products/psn-10-us/codes/import", { text: codes })).status).toBe(
      200,
    );
    const kinds = {
      manual: [{ id: "xbox-15-us", qty: 1 }],
      codes: [{ id: "psn-10-us", qty: 1 }],
      both: [
        { id: "psn-10-us", qty: 1 },
        { id: "steam-20", qty: 2 },
      ],
    };
    if (!(store.data instanceof SqliteData)) throw new Error("not SQLite");
    const connection = store.data.sqlite;
    const compiled: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((source: string) => {
      compiled.push(source);
      return prepare(source);
    }) as typeof connection.prepare;
    try {
      const place = async (items: { id: string; qty: number }[], n: number) => {
        const res = await store.app.request(
          "/api/checkout",
          jsonRequest("POST", checkoutBody({ items, email: `stmt-${n}@example.com` })),
        );
        expect(res.status, await res.clone().text()).toBe(200);
      };
      let n = 0;
      for (const items of Object.values(kinds)) await place(items, n++);
      expect(compiled.length).toBeGreaterThan(0);
      compiled.length = 0;
      for (let round = 0; round < 2; round++) for (const items of Object.values(kinds)) await place(items, n++);
      expect(compiled).toEqual([]);
    } finally {
      connection.prepare = prepare;
    }
  });
});
