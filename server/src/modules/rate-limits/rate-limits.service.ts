/** Rate limit counts kept in the database, so every instance behind a load balancer counts the same
 * requests (http/rate-limit.ts asks it through the RateLimitStore interface). */
import type { DataLayer } from "../../db/data.ts";
import type { RateLimitStore } from "../../http/rate-limit.ts";
import type { RateLimitsRepo } from "./rate-limits.repo.ts";

export class RateLimitsService implements RateLimitStore {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: RateLimitsRepo,
  ) {}

  /** Every key counted in one unit of the write batch (group commit): a checkout counts its address, its
   * recipient and its promo code for the price of one commit shared with other requests. */
  hitAll(
    hits: readonly { key: string; windowMs: number }[],
    now: number,
  ): Promise<{ count: number; windowStart: number }[]> {
    return this.data.batch(async (tx) => {
      const counts: { count: number; windowStart: number }[] = [];
      for (const { key, windowMs } of hits) counts.push(await this.repo.hit(tx, key, now, windowMs));
      return counts;
    });
  }

  /** Drops the counts of windows that ended more than `keepMs` ago. */
  prune(now: number, keepMs = 24 * 3600_000): Promise<void> {
    return this.data.transaction((tx) => this.repo.deleteEndedBefore(tx, now - keepMs));
  }
}
