/** Orders written straight through the orders repo, as checkout writes them, for tests that need a history without
 * the checkout's pricing and limits. */
import type { Tx } from "../db/data.ts";
import type { OrdersRepo } from "../modules/orders/orders.repo.ts";
import { type NewOrderLine, type NewOrderValues } from "../modules/orders/orders.repo.ts";

/** Inserts an order and its lines; returns the lines' ids, in order, or undefined when the order's code is taken
 * already (then nothing is written). */
export async function insertOrder(
  repo: OrdersRepo,
  tx: Tx,
  order: NewOrderValues,
  lines: NewOrderLine[],
): Promise<number[] | undefined> {
  return (await repo.insertOrder(tx, order)) ? repo.insertLines(tx, order, lines) : undefined;
}
