/** Every idempotency-key query; each method takes the transaction it runs in. */
import { eq, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { placeholders, prepared } from "../../db/prepared.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

// Prepared once per connection: every checkout with a key reads and writes one row.
const findStmt = prepared((db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder("key")))
    .prepare(),
);
const saveStmt = prepared((db) =>
  db
    .insert(idempotencyKeys)
    .values(placeholders(["key", "scope", "requestHash", "status", "body", "createdAt"] as const))
    .prepare(),
);

export class IdempotencyRepo {
  async find(tx: Tx, key: string): Promise<IdempotencyRow | undefined> {
    return findStmt(tx).get({ key });
  }

  async save(tx: Tx, row: IdempotencyRow): Promise<void> {
    saveStmt(tx).run(row);
  }

  /** Deletes the keys created before `before`; returns how many. */
  async deleteOlderThan(tx: Tx, before: number): Promise<number> {
    return tx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).run().changes;
  }
}
