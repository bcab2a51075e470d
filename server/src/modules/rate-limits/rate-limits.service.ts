/** Rate limit counts kept in the database, so every instance behind a load balancer counts the same
 * requests (http/rate-limit.ts asks it through the RateLimitStore interface). */
import type { DataLayer, Tx } from "../../db/data.ts";
import type { RateLimitStore } from "../../http/rate-limit.ts";
import type { RateLimitsRepo } from "./rate-limits.repo.ts";

export class RateLimitsService implements RateLimitStore {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: RateLimitsRepo,
  ) {}

  /** Every key counted in one unit of the write batch (group commit), or in the caller's `tx`: a checkout counts
   * its address, its recipient and its promo code in the unit that writes the order, for the price of one
   * commit shared with other requests. */
  hitAll(
    hits: readonly { key: string; windowMs: number }[],
    now: number,
    tx?: Tx,
  ): Promise<{ count: number; windowStart: number }[]> {
    const count = (tx: Tx) => this.repo.hitAll(tx, hits, now);
    return tx ? count(tx) : this.data.batch(count);
  }

  /** Drops the counts of windows that ended more than `keepMs` ago. */
  prune(now: number, keepMs = 24 * 3600_000): Promise<void> {
    return this.data.transaction((tx) => this.repo.deleteEndedBefore(tx, now - keepMs));
  }
}
