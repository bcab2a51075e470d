/** Every rate-limit query; each method takes the transaction it runs in. */
import { lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";

export class RateLimitsRepo {
  /** Counts one request for `key` in one statement (so concurrent requests, on any instance, each count):
   * the count starts again at 1 when the key's window (started at windowStart) is over. */
  async hit(tx: Tx, key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const { rateLimits: r } = tx.t;
    const expired = sql`${r.windowStart} <= cast(${now - windowMs} as bigint)`;
    const rows = await tx.db
      .insert(r)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: r.key,
        set: {
          count: sql`case when ${expired} then 1 else ${r.count} + 1 end`,
          windowStart: sql`case when ${expired} then cast(${now} as bigint) else ${r.windowStart} end`,
        },
      })
      .returning({ count: r.count, windowStart: r.windowStart });
    const row = rows[0];
    if (!row) throw new Error("the rate limit was not counted");
    return row;
  }

  /** Forgets the windows that ended before `before`. */
  async deleteEndedBefore(tx: Tx, before: number): Promise<void> {
    const { rateLimits } = tx.t;
    await tx.db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
  }
}
