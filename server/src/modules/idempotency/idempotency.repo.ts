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
const saveStmt = prepared("idempotency_save", (db, { idempotencyKeys }) =>
  db
    .insert(idempotencyKeys)
    .values(placeholders(["key", "scope", "requestHash", "status", "body", "createdAt"] as const)),
);

export class IdempotencyRepo {
  async find(tx: Tx, key: string): Promise<IdempotencyRow | undefined> {
    return (await findStmt(tx).execute({ key }))[0];
  }

  async save(tx: Tx, row: IdempotencyRow): Promise<void> {
    await saveStmt(tx).execute(row);
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
