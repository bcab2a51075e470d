/** Every promo query; each method takes the transaction it runs in. Exports: PromosRepo with list, get(code),
 * insert(row), update(code, patch, version?), remove(code), redeem(code) (atomic usage count; refuses an
 * inactive, expired or used-up code). */
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { promos } from "../../db/schema/index.ts";
import type { Promo } from "@store/shared/schemas/promos";

type PromoRow = typeof promos.$inferSelect;

/** The limits an operator sets on a code. */
export interface PromoFields {
  expiresAt: number | null;
  maxUses: number | null;
}

/** Whether a code works at `now`: active, before its end date, with uses left. */
export function promoWorks(p: Promo, now: number): boolean {
  return p.active && (p.expiresAt === null || p.expiresAt > now) && (p.maxUses === null || p.usageCount < p.maxUses);
}

function toPromo(r: PromoRow): Promo {
  return {
    code: r.code,
    percent: r.percent,
    active: r.active,
    usageCount: r.usageCount,
    expiresAt: r.expiresAt,
    maxUses: r.maxUses,
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
  async insert(
    tx: Tx,
    row: PromoFields & { code: string; percent: number; active: boolean },
    now: number,
  ): Promise<boolean> {
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
    patch: Partial<PromoFields> & { percent?: number; active?: boolean },
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

  /** Counts one use of a code that works at `now` (active, not expired, not used up), in one statement so two
   * orders at once cannot both take a code's last use; returns its percent, or undefined when it does not work. */
  async redeem(tx: Tx, code: string, now: number): Promise<number | undefined> {
    const { promos } = tx.t;
    const rows = await tx.db
      .update(promos)
      .set({ usageCount: sql`${promos.usageCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(promos.code, code),
          eq(promos.active, true),
          or(isNull(promos.expiresAt), gt(promos.expiresAt, sql`cast(${now} as bigint)`)),
          or(isNull(promos.maxUses), lt(promos.usageCount, promos.maxUses)),
        ),
      )
      .returning({ percent: promos.percent });
    return rows[0]?.percent;
  }
}
