/** Every rate-limit query; each method takes the transaction it runs in. */
import { lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { prepared } from "../../db/prepared.ts";

/** Counts one request for a key in one statement (so concurrent requests, on any instance, each count): the count
 * starts again at 1 when the key's window is over (it started at or before `expiredAt`). Prepared once: every
 * checkout runs it twice. */
const hitStmt = prepared("rate_limit_hit", (db, { rateLimits: r }) => {
  const now = sql`cast(${sql.placeholder("now")} as bigint)`;
  const expired = sql`${r.windowStart} <= cast(${sql.placeholder("expiredAt")} as bigint)`;
  return db
    .insert(r)
    .values({ key: sql.placeholder("key"), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: r.key,
      set: {
        count: sql`case when ${expired} then 1 else ${r.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${r.windowStart} end`,
      },
    })
    .returning({ count: r.count, windowStart: r.windowStart });
});

export class RateLimitsRepo {
  /** Counts one request for `key` in its window of `windowMs`, and answers the window's count and start. */
  async hit(tx: Tx, key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const rows = await hitStmt(tx).execute({ key, now, expiredAt: now - windowMs });
    const row = rows[0];
    if (!row) throw new Error("the rate limit was not counted");
    return { count: Number(row.count), windowStart: Number(row.windowStart) };
  }

  /** Forgets the windows that ended before `before`. */
  async deleteEndedBefore(tx: Tx, before: number): Promise<void> {
    const { rateLimits } = tx.t;
    await tx.db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
  }
}
