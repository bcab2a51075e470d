/** Every banner query; writes take the transaction they run in. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { banners } from "../../db/schema/index.ts";
import type { BannerRow } from "../catalog/catalog.repo.ts";

export type BannerInsert = typeof banners.$inferInsert;

export class BannersRepo {
  async all(tx: Tx): Promise<BannerRow[]> {
    return tx.db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt)).all();
  }

  async byId(tx: Tx, id: string): Promise<BannerRow | undefined> {
    return tx.db.select().from(banners).where(eq(banners.id, id)).get();
  }

  async nextPosition(tx: Tx): Promise<number> {
    return (
      (tx.db
        .select({ max: sql<number | null>`max(${banners.position})` })
        .from(banners)
        .get()?.max ?? -1) + 1
    );
  }

  async insert(tx: Tx, row: BannerInsert): Promise<void> {
    tx.db.insert(banners).values(row).run();
  }

  async update(tx: Tx, id: string, version: number, set: Partial<BannerInsert>): Promise<boolean> {
    return (
      tx.db
        .update(banners)
        .set(set)
        .where(and(eq(banners.id, id), eq(banners.version, version)))
        .run().changes > 0
    );
  }

  async delete(tx: Tx, id: string): Promise<void> {
    tx.db.delete(banners).where(eq(banners.id, id)).run();
  }
}
