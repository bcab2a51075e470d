/** Every banner query; writes take the transaction they run in. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { banners } from "../../db/schema/index.ts";
import type { BannerRow } from "../catalog/catalog.repo.ts";

export type BannerInsert = typeof banners.$inferInsert;

export class BannersRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => T): T {
    return this.db.transaction((tx) => fn(tx));
  }

  all(): BannerRow[] {
    return this.db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt)).all();
  }

  byId(tx: Db, id: string): BannerRow | undefined {
    return tx.select().from(banners).where(eq(banners.id, id)).get();
  }

  nextPosition(tx: Db): number {
    return (
      (tx
        .select({ max: sql<number | null>`max(${banners.position})` })
        .from(banners)
        .get()?.max ?? -1) + 1
    );
  }

  insert(tx: Db, row: BannerInsert): void {
    tx.insert(banners).values(row).run();
  }

  update(tx: Db, id: string, version: number, set: Partial<BannerInsert>): boolean {
    return (
      tx
        .update(banners)
        .set(set)
        .where(and(eq(banners.id, id), eq(banners.version, version)))
        .run().changes > 0
    );
  }

  delete(tx: Db, id: string): void {
    tx.delete(banners).where(eq(banners.id, id)).run();
  }
}
