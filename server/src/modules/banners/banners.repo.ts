/** Every banner query; writes take the transaction they run in. */
import { asc, eq, max } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { banners } from "../../db/schema/index.ts";
import type { BannerRow } from "../catalog/catalog.repo.ts";
import { versionedRowWrites } from "../catalog/versioned-rows.ts";

export type BannerInsert = typeof banners.$inferInsert;

const bannerWrites = versionedRowWrites((t) => t.banners);

export class BannersRepo {
  async all(tx: Tx): Promise<BannerRow[]> {
    const { banners } = tx.t;
    return tx.db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt));
  }

  async byId(tx: Tx, id: string): Promise<BannerRow | undefined> {
    const { banners } = tx.t;
    return (await tx.db.select().from(banners).where(eq(banners.id, id)))[0];
  }

  async nextPosition(tx: Tx): Promise<number> {
    const { banners } = tx.t;
    return ((await tx.db.select({ max: max(banners.position) }).from(banners))[0]?.max ?? -1) + 1;
  }

  readonly insert = bannerWrites.insert;
  readonly update = bannerWrites.update;
  readonly delete = bannerWrites.delete;
}
