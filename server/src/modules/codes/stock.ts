/** Stock moves inside the caller's transaction (docs/decisions.md D10): reserving codes for order lines, releasing
 * them, and keeping an automatic product's `inStock` (what the catalog sync shows) equal to "has available codes",
 * with a new catalog revision when it changes. Used by checkout, orders and the stock admin. */
import type { DataLayer, Tx } from "../../db/data.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { CodesRepo } from "./codes.repo.ts";

export interface LineToFill {
  /** null: the order's line of this product and option, which may be written in the same round trip (CodesRepo). */
  orderLineId: number | null;
  productId: string;
  variantId: string | null;
  qty: number;
}

/** The most products one check after commits reads. */
const RECHECK_BATCH = 32;
/** How long a check after commits waits for more commits to check with it (ms). Without the wait a check is as
 * quick as a checkout, so with orders spread over the catalog each check covered one order: a second transaction
 * for every order. A product whose last codes went to several checkouts at once reads in stock that much longer. */
const RECHECK_DELAY_MS = 100;

export class StockKeeper {
  /** Products to check again after a commit (recheckAfterCommit), gathered while a check runs. */
  private readonly toRecheck = new Set<string>();
  private rechecking = false;

  constructor(
    readonly codes: CodesRepo,
    private readonly catalog: CatalogRepo,
    private readonly data: DataLayer,
  ) {}

  /** Reserves codes for each line (as many as available, up to `qty` per line); returns how many each got, in the
   * order of `lines`. Every line first takes the codes no other transaction holds, all at once (one round trip on
   * PostgreSQL). A line that falls short on PostgreSQL may find more by waiting for codes other checkouts hold
   * (CodesRepo.reserve): from that line on, the lines are given back and reserved again one at a time, in product
   * order, the same in every transaction, so that two orders waiting for each other's codes cannot happen.
   * On SQLite the products' in_stock is derived again after the reservation, in the order's transaction: the one
   * writer sees every other's codes. On PostgreSQL a check in the transaction would read the codes other checkouts
   * hold as available, so the check after the commit (recheckAfterCommit) is what gets in_stock right there, and it
   * is the only one: a check in every order's transaction as well would cost each order a statement for a first
   * guess. */
  async reserve(tx: Tx, orderId: string, lines: readonly LineToFill[], now: number): Promise<number[]> {
    const inOrder = lines
      .map((line, i) => ({ request: { ...line, orderId, now }, i }))
      .filter(({ request }) => request.qty > 0)
      .sort((a, b) => compareStock(a.request, b.request));
    const taking = inOrder.map(({ request }, k) => this.codes.takeFree(tx, request, `reserve_${k}`));
    const states = this.codes.othersMayHoldCodes
      ? undefined
      : this.codes.stockStatesAfter(tx, [...new Set(lines.map((l) => l.productId))].sort(), taking);
    const sent: Promise<unknown>[] = states ? [...taking, states] : taking;
    const firstPass = await Promise.allSettled(sent);
    const failed = firstPass.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    const taken = await Promise.all(taking);
    const short = taken.findIndex((n, k) => n < (inOrder[k]?.request.qty ?? 0));
    if (short >= 0 && this.codes.othersMayHoldCodes) {
      await this.codes.rollbackTo(tx, `reserve_${short}`);
      for (let k = short; k < inOrder.length; k++) {
        const line = inOrder[k];
        if (line) taken[k] = await this.codes.reserve(tx, line.request);
      }
      // A line still short refuses the order: its product may read in stock with none left (recheckAfterCommit).
      this.recheckAfterCommit(
        inOrder.filter(({ request }, k) => (taken[k] ?? 0) < request.qty).map((l) => l.request.productId),
      );
    }
    if (states) await this.catalog.applyStockStates(tx, await states, now);
    const got: number[] = lines.map(() => 0);
    inOrder.forEach(({ i }, k) => (got[i] = taken[k] ?? 0));
    return got;
  }

  /**
   * After a commit that took codes of these products, or a reservation that fell short of them: their in_stock is
   * derived again, outside the transaction (PostgreSQL; SQLite derives it in the reservation's transaction). Inside
   * it, codes that other checkouts had locked but not yet taken read as available, so when several checkouts take a
   * product's last codes at once, each can see the others' as left and the product stays in stock with none. A check
   * that starts after a commit sees it, and the last commit's products are checked after all of them. One check
   * runs at a time, for every product asked since the one before, a moment after it (RECHECK_DELAY_MS): with orders
   * spread over the catalog, a check per product and commit would double the store's transactions. A line left short
   * asks too, so a product left in stock by a check that never ran (the process stopped in the moment between) is put
   * right by the first checkout it refuses.
   */
  recheckAfterCommit(productIds: readonly string[]): void {
    if (!this.codes.othersMayHoldCodes || productIds.length === 0) return;
    for (const id of productIds) this.toRecheck.add(id);
    if (this.rechecking) return;
    this.rechecking = true;
    void this.data.detached(() => this.recheck());
  }

  private async recheck(): Promise<void> {
    try {
      while (this.toRecheck.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS));
        // A bounded number per check, so its statement is one of a few shapes (one per count of products).
        const ids = [...this.toRecheck].slice(0, RECHECK_BATCH);
        for (const id of ids) this.toRecheck.delete(id);
        try {
          await this.data.transaction((tx) => this.refresh(tx, ids, Date.now()));
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          console.error(`Stock of ${ids.join(", ")}: in_stock not checked again (${reason})`);
        }
      }
    } finally {
      this.rechecking = false;
    }
  }

  /** Puts an order's reserved codes back in stock. */
  async release(tx: Tx, orderId: string, now: number): Promise<void> {
    await this.refresh(tx, await this.codes.releaseForOrder(tx, orderId, now), now);
  }

  /** Re-derives `inStock` of these (automatic) products from their available codes. */
  async refresh(tx: Tx, productIds: readonly string[], now: number): Promise<void> {
    const ids = [...new Set(productIds)].sort();
    await this.catalog.applyStockStates(tx, await this.codes.stockStates(tx, ids), now);
  }
}

/** One order of stock for every transaction: by product, then variant (none first). */
function compareStock(a: LineToFill, b: LineToFill): number {
  if (a.productId !== b.productId) return a.productId < b.productId ? -1 : 1;
  const [x, y] = [a.variantId ?? "", b.variantId ?? ""];
  return x === y ? 0 : x < y ? -1 : 1;
}
