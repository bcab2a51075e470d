/** Every idempotency-key query; each method takes the transaction it runs in. */
import { eq, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { placeholders, prepared } from "../../db/prepared.ts";
import type { idempotencyKeys } from "../../db/schema/index.ts";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

// Prepared once per connection: every checkout with a key reads and writes one row.
const findStmt = prepared("idempotency_find", (db, { idempotencyKeys }) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder("key"))),
);
const claimStmt = prepared("idempotency_claim", (db, { idempotencyKeys }) =>
  db
    .insert(idempotencyKeys)
    .values(placeholders(["key", "scope", "requestHash", "status", "body", "createdAt"] as const))
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key }),
);
const completeStmt = prepared("idempotency_complete", (db, { idempotencyKeys }) =>
  db
    .update(idempotencyKeys)
    .set({ status: sql`${sql.placeholder("status")}`, body: sql`${sql.placeholder("body")}` })
    .where(eq(idempotencyKeys.key, sql.placeholder("key"))),
);

export class IdempotencyRepo {
  async find(tx: Tx, key: string): Promise<IdempotencyRow | undefined> {
    return (await findStmt(tx).execute({ key }))[0];
  }

  /** Inserts the key's row unless it exists; false when it does. A concurrent transaction inserting the same
   * key waits here until this one ends (the unique index), then gets false if this one committed. */
  async claim(tx: Tx, row: IdempotencyRow): Promise<boolean> {
    return (await claimStmt(tx).execute(row)).length > 0;
  }

  /** Stores the answer in a claimed row. */
  async complete(tx: Tx, key: string, status: number, body: string): Promise<void> {
    await completeStmt(tx).execute({ key, status, body });
  }

  async release(tx: Tx, key: string): Promise<void> {
    const { idempotencyKeys } = tx.t;
    await tx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  }

  /** Deletes the keys created before `before`; returns how many. */
  async deleteOlderThan(tx: Tx, before: number): Promise<number> {
    const { idempotencyKeys } = tx.t;
    const rows = await tx.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ key: idempotencyKeys.key });
    return rows.length;
  }
}
