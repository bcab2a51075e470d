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

  hit(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    return this.data.transaction((tx) => this.repo.hit(tx, key, now, windowMs));
  }

  /** Drops the counts of windows that ended more than `keepMs` ago. */
  prune(now: number, keepMs = 24 * 3600_000): Promise<void> {
    return this.data.transaction((tx) => this.repo.deleteEndedBefore(tx, now - keepMs));
  }
}
