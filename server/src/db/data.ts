/** The data layer's surface for services: transactions, and the `tx` that repos run their statements in.
 * Services never see a driver; repos are the only code that reads `tx.db`.
 *
 * - `transaction(work)`: a write transaction; called inside an open one (same async context), a savepoint.
 * - `read(work)`: one consistent snapshot for several reads; inside an open transaction, that transaction.
 * - `savepoint(tx, work)`: a part of `tx` that rolls back alone when it throws.
 * - `batch(work)`: group commit for the checkout (several callers' units in one commit, each in a savepoint).
 *
 * Keep awaited I/O (network, image processing) out of transactions: on SQLite they hold the connection. */
import type { SqliteTx } from "./sqlite.ts";

export type Tx = SqliteTx;

export interface DataLayer {
  readonly engine: "sqlite" | "postgres";
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T>;
  batch<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
