/** Rate limit counts kept in the database, so every instance behind a load balancer counts the same
 * requests (http/rate-limit.ts asks it through the RateLimitStore interface). */
import type { DataLayer, Tx } from "../../db/data.ts";
import type { LimitHit, RateLimitStore, WindowCount } from "../../http/rate-limit.ts";
import type { LimitRefusal, RateLimitsRepo, RefusalRow } from "./rate-limits.repo.ts";

/** How long refusals are kept for the dashboard. */
const REFUSALS_KEPT_MS = 7 * 24 * 3600_000;

export class RateLimitsService implements RateLimitStore {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: RateLimitsRepo,
  ) {}

  /** Every key counted in one unit of the write batch (group commit), or in the caller's `tx`: a checkout counts
   * its address, its recipient and its promo code in the unit that writes the order, for the price of one
   * commit shared with other requests. */
  hitAll(hits: readonly LimitHit[], now: number, tx?: Tx): Promise<WindowCount[]> {
    const count = (tx: Tx) => this.repo.hitAll(tx, hits, now);
    return tx ? count(tx) : this.data.batch(count);
  }

  peekAll(hits: readonly LimitHit[], now: number, tx?: Tx): Promise<WindowCount[]> {
    const peek = (tx: Tx) => this.repo.peekAll(tx, hits, now);
    return tx ? peek(tx) : this.data.read(peek);
  }

  /** Every refusal of every limit is recorded here (http/rate-limit.ts), in the caller's `tx` when given (a
   * checkout's guard), so the dashboard can say who hit a limit today. */
  recordRefusals(refusals: readonly LimitRefusal[], now: number, tx?: Tx): Promise<void> {
    const record = (tx: Tx) => this.repo.recordRefusals(tx, refusals, now);
    return tx ? record(tx) : this.data.batch(record);
  }

  /** The subjects refused since `since` (the dashboard's "today"), most refused first. */
  refusalsSince(since: number, limit = 50): Promise<RefusalRow[]> {
    return this.data.read((tx) => this.repo.refusalsSince(tx, since, limit));
  }

  /** Drops the counts of windows that ended more than `keepMs` ago, and refusals older than a week. */
  prune(now: number, keepMs = 24 * 3600_000): Promise<void> {
    return this.data.transaction((tx) => this.repo.deleteEndedBefore(tx, now - keepMs, now - REFUSALS_KEPT_MS));
  }
}
