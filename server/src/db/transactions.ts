/** Transactions through one better-sqlite3 transaction function per caller, created once: drizzle's
 * db.transaction() builds a new one (and a transaction object) on every call, which the checkout paid for
 * per order and per savepoint. Called inside an open transaction, it runs as a savepoint. */
import Database from "better-sqlite3";
import type { Db } from "./client.ts";

export type TransactionBehavior = "deferred" | "immediate";
export type InTransaction = <T>(fn: () => T, behavior?: TransactionBehavior) => T;

export function transactionRunner(db: Db): InTransaction {
  const client: unknown = Reflect.get(db, "$client");
  if (!(client instanceof Database)) throw new Error("transactionRunner needs a better-sqlite3 database");
  const run = client.transaction((fn: () => void) => fn());
  return <T>(fn: () => T, behavior: TransactionBehavior = "deferred"): T => {
    // Assigned inside the callback (so not narrowed by the compiler).
    let out = undefined as { value: T } | undefined;
    run[behavior](() => {
      out = { value: fn() };
    });
    if (!out) throw new Error("the transaction did not run its work");
    return out.value;
  };
}
