/** Every promo query. Exports: PromosRepo with list(), get(code), insert(row), update(code, patch, version?),
 * remove(code), redeem(tx, code) (atomic usage count; refuses an inactive code). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { promos } from "../../db/schema/index.ts";
import type { Promo } from "@store/shared/schemas/promos";

export type PromoRow = typeof promos.$inferSelect;

export function toPromo(r: PromoRow): Promo {
  return {
    code: r.code,
    percent: r.percent,
    active: r.active,
    usageCount: r.usageCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  };
}

export class PromosRepo {
  constructor(private readonly db: Db) {}

  list(): Promo[] {
    return this.db.select().from(promos).orderBy(asc(promos.createdAt)).all().map(toPromo);
  }

  get(code: string, tx: Db = this.db): Promo | undefined {
    const row = tx.select().from(promos).where(eq(promos.code, code)).get();
    return row ? toPromo(row) : undefined;
  }

  /** false when the code already exists. */
  insert(row: { code: string; percent: number; active: boolean }, now: number): boolean {
    const res = this.db
      .insert(promos)
      .values({ ...row, usageCount: 0, createdAt: now, updatedAt: now, version: 1 })
      .onConflictDoNothing({ target: promos.code })
      .run();
    return res.changes === 1;
  }

  /** Applies the patch when `version` (if given) matches; returns the number of rows changed. */
  update(
    code: string,
    patch: { percent?: number; active?: boolean },
    version: number | undefined,
    now: number,
  ): number {
    const where =
      version === undefined ? eq(promos.code, code) : and(eq(promos.code, code), eq(promos.version, version));
    return this.db
      .update(promos)
      .set({ ...patch, updatedAt: now, version: sql`${promos.version} + 1` })
      .where(where)
      .run().changes;
  }

  remove(code: string): number {
    return this.db.delete(promos).where(eq(promos.code, code)).run().changes;
  }

  /** Counts one use of an active code inside the caller's transaction; returns its percent, or
   * undefined when the code is unknown or inactive at this moment. */
  redeem(tx: Db, code: string, now: number): number | undefined {
    const row = tx
      .update(promos)
      .set({ usageCount: sql`${promos.usageCount} + 1`, updatedAt: now })
      .where(and(eq(promos.code, code), eq(promos.active, true)))
      .returning({ percent: promos.percent })
      .get();
    return row?.percent;
  }
}
