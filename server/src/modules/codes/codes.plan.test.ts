/** On PostgreSQL, a reservation reads a line's first available codes straight from codes_stock_idx and stops at its
 * LIMIT, however many codes the product has: ordered by the index's whole key (stockOrder), not by id alone, which
 * sorts every available code of a product's own stock (its option `is null`, not an equality) for each reservation. */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tables } from "../../db/data.ts";
import { storeForEachTest, TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";
import { stockOrder } from "./codes.repo.ts";

const PRODUCT = "plan-product";

describe.runIf(TEST_ON_POSTGRES)("the reservation's plan on PostgreSQL", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  /** The plan's node types, outermost first, of the reservation's pick ordered by `order`. */
  async function planOf(order: (codes: Tables["codes"]) => SQL[]): Promise<string> {
    return store.data.transaction(async (tx) => {
      const { codes } = tx.t;
      const pick = tx.db
        .select({ id: codes.id })
        .from(codes)
        .where(and(eq(codes.productId, PRODUCT), isNull(codes.variantId), eq(codes.status, "available")))
        .orderBy(...order(codes))
        .limit(2)
        .for("update", { skipLocked: true });
      const result = await tx.db.execute<{ "QUERY PLAN": string }>(sql`explain ${pick}`);
      return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  }

  it("reads the product's first codes in index order, with no sort of its stock", async () => {
    await store.data.transaction(async (tx) => {
      await tx.db
        .execute(sql`insert into codes (id, product_id, variant_id, sealed, hash, status, created_at, updated_at)
        select 'code-' || lpad(n::text, 6, '0'), ${PRODUCT}, null, 'sealed', 'hash-' || n, 'available', 0, 0
        from generate_series(1, 3000) as n`);
      // Other products' codes, older (smaller ids) than this product's, as in a store with a catalog.
      await tx.db
        .execute(sql`insert into codes (id, product_id, variant_id, sealed, hash, status, created_at, updated_at)
        select 'code-0-' || lpad(n::text, 6, '0'), 'other-' || (n % 20), null, 'sealed', 'hash-' || n, 'available', 0, 0
        from generate_series(1, 20000) as n`);
    });
    await store.data.transaction((tx) => tx.db.execute(sql`analyze codes`));
    /** Whether the plan reads the line's codes from codes_stock_idx in order, so it stops after the first two. */
    const readsInOrder = (plan: string) => plan.includes("codes_stock_idx") && !/Sort/.test(plan);
    const plan = await planOf(stockOrder);
    expect(readsInOrder(plan), plan).toBe(true);
    // By id alone, as the reservation was once written, the index's order is of no use: the plan either sorts the
    // product's stock or walks every code in id order past other products' codes.
    const byId = await planOf((codes) => [asc(codes.id)]);
    expect(readsInOrder(byId), byId).toBe(false);
  });
});
