/** Every promo query; each method takes the transaction it runs in. Exports: PromosRepo with list, get(code),
 * insert(row), update(code, patch, version?), remove(code), redeem(code) (atomic usage count; refuses an
 * inactive code). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { promos } from "../../db/schema/index.ts";
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
  async list(tx: Tx): Promise<Promo[]> {
    const { promos } = tx.t;
    return (await tx.db.select().from(promos).orderBy(asc(promos.createdAt))).map(toPromo);
  }

  async get(tx: Tx, code: string): Promise<Promo | undefined> {
    const { promos } = tx.t;
    const row = (await tx.db.select().from(promos).where(eq(promos.code, code)))[0];
    return row ? toPromo(row) : undefined;
  }

  /** false when the code already exists. */
  async insert(tx: Tx, row: { code: string; percent: number; active: boolean }, now: number): Promise<boolean> {
    const { promos } = tx.t;
    const rows = await tx.db
      .insert(promos)
      .values({ ...row, usageCount: 0, createdAt: now, updatedAt: now, version: 1 })
      .onConflictDoNothing({ target: promos.code })
      .returning({ code: promos.code });
    return rows.length === 1;
  }

  /** Applies the patch when `version` (if given) matches; returns the number of rows changed. */
  async update(
    tx: Tx,
    code: string,
    patch: { percent?: number; active?: boolean },
    version: number | undefined,
    now: number,
  ): Promise<number> {
    const { promos } = tx.t;
    const where =
      version === undefined ? eq(promos.code, code) : and(eq(promos.code, code), eq(promos.version, version));
    const rows = await tx.db
      .update(promos)
      .set({ ...patch, updatedAt: now, version: sql`${promos.version} + 1` })
      .where(where)
      .returning({ code: promos.code });
    return rows.length;
  }

  async remove(tx: Tx, code: string): Promise<number> {
    const { promos } = tx.t;
    return (await tx.db.delete(promos).where(eq(promos.code, code)).returning({ code: promos.code })).length;
  }

  /** Counts one use of an active code; returns its percent, or undefined when the code is unknown or
   * inactive at this moment. */
  async redeem(tx: Tx, code: string, now: number): Promise<number | undefined> {
    const { promos } = tx.t;
    const rows = await tx.db
      .update(promos)
      .set({ usageCount: sql`${promos.usageCount} + 1`, updatedAt: now })
      .where(and(eq(promos.code, code), eq(promos.active, true)))
      .returning({ percent: promos.percent });
    return rows[0]?.percent;
  }
}
