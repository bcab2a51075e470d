/** Every stock_requests query; each method takes the transaction it runs in. Exports: StockRequestsRepo with
 * add(request) (false when the same address already waits for the same product and option), countFor(email),
 * pendingFor(productId), remove(ids), removeFor(email). */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { insertOnce } from "../../lib/insert-once.ts";
import type { stockRequests } from "../../db/schema/index.ts";

export type StockRequestRow = typeof stockRequests.$inferSelect;

export class StockRequestsRepo {
  async add(tx: Tx, row: StockRequestRow): Promise<boolean> {
    const { stockRequests: r } = tx.t;
    return insertOnce(tx.db, r, row, [r.productId, r.variantId, r.email]);
  }

  async countFor(tx: Tx, email: string): Promise<number> {
    const { stockRequests } = tx.t;
    const rows = await tx.db.select({ n: count() }).from(stockRequests).where(eq(stockRequests.email, email));
    return Number(rows[0]?.n ?? 0);
  }

  async pendingFor(tx: Tx, productId: string): Promise<StockRequestRow[]> {
    const { stockRequests } = tx.t;
    return tx.db.select().from(stockRequests).where(eq(stockRequests.productId, productId));
  }

  async remove(tx: Tx, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const { stockRequests } = tx.t;
    await tx.db.delete(stockRequests).where(inArray(stockRequests.id, [...ids]));
  }

  /** Removes every request of the address; answers how many there were. */
  async removeFor(tx: Tx, email: string, productId?: string): Promise<number> {
    const { stockRequests } = tx.t;
    const rows = await tx.db
      .delete(stockRequests)
      .where(
        and(
          eq(stockRequests.email, email),
          ...(productId === undefined ? [] : [eq(stockRequests.productId, productId)]),
        ),
      )
      .returning({ id: stockRequests.id });
    return rows.length;
  }
}
