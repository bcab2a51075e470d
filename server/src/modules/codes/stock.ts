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

  /** Reserves codes for each line (as many as available, up to `missing` per line); returns how many each got. */
  async reserve(tx: Tx, orderId: string, lines: readonly LineToFill[], now: number): Promise<number[]> {
    const got: number[] = [];
    for (const l of lines) {
      got.push(
        l.qty > 0
          ? await this.codes.reserve(tx, {
              productId: l.productId,
              variantId: l.variantId,
              orderId,
              orderLineId: l.orderLineId,
              qty: l.qty,
              now,
            })
          : 0,
      );
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
    await this.codes.refreshInStock(tx, [...new Set(productIds)], () => this.catalog.bumpRev(tx), now);
  }
}
