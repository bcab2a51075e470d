/** Stock moves inside the caller's transaction (docs/decisions.md D10): reserving codes for order lines, releasing
 * them, and keeping an automatic product's `inStock` (what the catalog sync shows) equal to "has available codes",
 * with a new catalog revision when it changes. Used by checkout, orders and the stock admin. */
import type { Tx } from "../../db/data.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { CodesRepo } from "./codes.repo.ts";

export interface LineToFill {
  orderLineId: number;
  productId: string;
  variantId: string | null;
  qty: number;
}

export class StockKeeper {
  constructor(
    readonly codes: CodesRepo,
    private readonly catalog: CatalogRepo,
  ) {}

  /** Reserves codes for each line (as many as available, up to `qty` per line); returns how many each got, in the
   * order of `lines`. The lines are served in product order, the same in every transaction, so that two orders
   * waiting for each other's codes cannot happen on PostgreSQL (CodesRepo.reserve). */
  async reserve(tx: Tx, orderId: string, lines: readonly LineToFill[], now: number): Promise<number[]> {
    const got: number[] = lines.map(() => 0);
    const inOrder = lines.map((line, i) => ({ line, i })).sort((a, b) => compareStock(a.line, b.line));
    for (const { line: l, i } of inOrder) {
      if (l.qty <= 0) continue;
      got[i] = await this.codes.reserve(tx, {
        productId: l.productId,
        variantId: l.variantId,
        orderId,
        orderLineId: l.orderLineId,
        qty: l.qty,
        now,
      });
    }
    await this.refresh(
      tx,
      lines.map((l) => l.productId),
      now,
    );
    return got;
  }

  /** Puts an order's reserved codes back in stock. */
  async release(tx: Tx, orderId: string, now: number): Promise<void> {
    await this.refresh(tx, await this.codes.releaseForOrder(tx, orderId, now), now);
  }

  /** Re-derives `inStock` of these (automatic) products from their available codes. */
  async refresh(tx: Tx, productIds: readonly string[], now: number): Promise<void> {
    const ids = [...new Set(productIds)].sort();
    await this.codes.refreshInStock(tx, ids, () => this.catalog.bumpRev(tx), now);
  }
}

/** One order of stock for every transaction: by product, then variant (none first). */
function compareStock(a: LineToFill, b: LineToFill): number {
  if (a.productId !== b.productId) return a.productId < b.productId ? -1 : 1;
  const [x, y] = [a.variantId ?? "", b.variantId ?? ""];
  return x === y ? 0 : x < y ? -1 : 1;
}
