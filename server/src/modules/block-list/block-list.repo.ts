/** Every block-list query; each method takes the transaction it runs in. */
import { desc, eq, sql } from "drizzle-orm";
import type { BlockEntry, BlockedAttempt } from "@store/shared/schemas/block-list";
import type { Tx } from "../../db/data.ts";
import { prepared } from "../../db/prepared.ts";

/** The list's version, read by the checkout's guard when its copy may be stale: compiled once. */
const selectVersion = prepared("block_list_version", (db, t) =>
  db.select({ version: t.blockListState.version }).from(t.blockListState).where(eq(t.blockListState.id, 1)),
);

export class BlockListRepo {
  async version(tx: Tx): Promise<number> {
    return (await selectVersion(tx).execute())[0]?.version ?? 0;
  }

  async list(tx: Tx): Promise<BlockEntry[]> {
    const { blockList: b } = tx.t;
    return tx.db.select().from(b).orderBy(desc(b.createdAt), b.id);
  }

  /** Adds an entry and bumps the version; false when the same kind and value are already listed. */
  async insert(tx: Tx, entry: BlockEntry): Promise<boolean> {
    const rows = await tx.db
      .insert(tx.t.blockList)
      .values(entry)
      .onConflictDoNothing()
      .returning({ id: tx.t.blockList.id });
    if (rows.length > 0) await this.bump(tx);
    return rows.length > 0;
  }

  async remove(tx: Tx, id: string): Promise<number> {
    const rows = await tx.db
      .delete(tx.t.blockList)
      .where(eq(tx.t.blockList.id, id))
      .returning({ id: tx.t.blockList.id });
    if (rows.length > 0) await this.bump(tx);
    return rows.length;
  }

  private async bump(tx: Tx): Promise<void> {
    const { blockListState: s } = tx.t;
    await tx.db
      .insert(s)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: s.id, set: { version: sql`${s.version} + 1` } });
  }

  async insertAttempt(tx: Tx, attempt: BlockedAttempt): Promise<void> {
    await tx.db.insert(tx.t.blockedAttempts).values(attempt);
  }

  async recentAttempts(tx: Tx, limit: number): Promise<BlockedAttempt[]> {
    const { blockedAttempts: a } = tx.t;
    return tx.db.select().from(a).orderBy(desc(a.at), desc(a.id)).limit(limit);
  }
}
