/** Every rate-limit query; each method takes the transaction it runs in. */
import { desc, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { numbered, preparedPerCount } from "../../db/prepared.ts";

/** Counts one request for each of n keys in one statement (so concurrent requests, on any instance, each count;
 * a checkout counts two or three keys for the price of one round trip): a key's count starts again at 1 when its
 * window is over (it started at or before its `expiredAt_i`). */
const hitStmt = preparedPerCount("rate_limit_hits", (db, { rateLimits: r }, n) => {
  const now = sql`cast(${sql.placeholder("now")} as bigint)`;
  const rows = Array.from({ length: n }, (_, i) => i);
  // The window of the row being updated: its key picks its own expiredAt_i.
  const expiredAt = sql`case ${r.key} ${sql.join(
    rows.map((i) => sql`when ${sql.placeholder(`key_${i}`)} then cast(${sql.placeholder(`expiredAt_${i}`)} as bigint)`),
    sql` `,
  )} end`;
  const expired: SQL = sql`${r.windowStart} <= ${expiredAt}`;
  return db
    .insert(r)
    .values(rows.map((i) => ({ key: sql.placeholder(`key_${i}`), windowStart: now, count: 1 })))
    .onConflictDoUpdate({
      target: r.key,
      set: {
        count: sql`case when ${expired} then 1 else ${r.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${r.windowStart} end`,
      },
    })
    .returning({ key: r.key, count: r.count, windowStart: r.windowStart });
});

/** A limit refused a subject (a client address, a recipient...): `limit` is the limiter's name. */
export interface LimitRefusal {
  limit: string;
  subject: string;
}

export interface RefusalRow extends LimitRefusal {
  count: number;
  lastAt: number;
}

export interface RateLimitHit {
  key: string;
  windowMs: number;
}

export class RateLimitsRepo {
  /** Counts one request for each key in its window of `windowMs`, and answers each window's count and start, in
   * the order of `hits`. The keys are written in key order, so two requests that share keys lock their rows in
   * the same order on PostgreSQL; a key given twice is counted twice. */
  async hitAll(tx: Tx, hits: readonly RateLimitHit[], now: number): Promise<{ count: number; windowStart: number }[]> {
    if (hits.length === 0) return [];
    const firsts = new Map<string, RateLimitHit>();
    const repeats: number[] = [];
    hits.forEach((hit, i) => (firsts.has(hit.key) ? repeats.push(i) : firsts.set(hit.key, hit)));
    const distinct = [...firsts.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows = await hitStmt(tx, distinct.length).execute({
      now,
      ...numbered(distinct.map(({ key, windowMs }) => ({ key, expiredAt: now - windowMs }))),
    });
    const byKey = new Map(rows.map((r) => [r.key, { count: Number(r.count), windowStart: Number(r.windowStart) }]));
    const counts = hits.map((hit) => byKey.get(hit.key));
    // One upsert cannot touch a row twice: a repeated key is counted again on its own.
    for (const i of repeats) counts[i] = (await this.hitAll(tx, hits.slice(i, i + 1), now))[0];
    return counts.map((counted) => {
      if (!counted) throw new Error("the rate limit was not counted");
      return counted;
    });
  }

  /** Each key's count in its current window, without counting (0 when its window is over or it has none). */
  async peekAll(tx: Tx, hits: readonly RateLimitHit[], now: number): Promise<{ count: number; windowStart: number }[]> {
    if (hits.length === 0) return [];
    const { rateLimits: r } = tx.t;
    const rows = await tx.db
      .select({ key: r.key, count: r.count, windowStart: r.windowStart })
      .from(r)
      .where(inArray(r.key, [...new Set(hits.map((h) => h.key))]));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return hits.map(({ key, windowMs }) => {
      const row = byKey.get(key);
      const windowStart = Number(row?.windowStart ?? now);
      return row && windowStart > now - windowMs
        ? { count: Number(row.count), windowStart }
        : { count: 0, windowStart: now };
    });
  }

  /** Counts one refusal of each (limit, subject) on the day of `now` (UTC). */
  async recordRefusals(tx: Tx, refusals: readonly LimitRefusal[], now: number): Promise<void> {
    if (refusals.length === 0) return;
    const { limitRefusals: l } = tx.t;
    const day = new Date(now).toISOString().slice(0, 10);
    // One row per (limit, subject): a statement cannot upsert the same row twice.
    const distinct = [...new Map(refusals.map((r) => [`${r.limit}\u0001${r.subject}`, r])).values()];
    await tx.db
      .insert(l)
      .values(distinct.map((r) => ({ day, limitName: r.limit, subject: r.subject, count: 1, lastAt: now })))
      .onConflictDoUpdate({
        target: [l.day, l.limitName, l.subject],
        set: { count: sql`${l.count} + 1`, lastAt: sql`excluded.last_at` },
      });
  }

  /** The refusals whose last one is at or after `since`, most refused first. */
  async refusalsSince(tx: Tx, since: number, limit: number): Promise<RefusalRow[]> {
    const { limitRefusals: l } = tx.t;
    const rows = await tx.db
      .select({ limit: l.limitName, subject: l.subject, count: l.count, lastAt: l.lastAt })
      .from(l)
      .where(gte(l.lastAt, since))
      .orderBy(desc(l.count), desc(l.lastAt))
      .limit(limit);
    return rows.map((r) => ({ ...r, count: Number(r.count), lastAt: Number(r.lastAt) }));
  }

  /** Forgets the windows that ended before `before`, and the refusals recorded before `refusalsBefore`. */
  async deleteEndedBefore(tx: Tx, before: number, refusalsBefore = before): Promise<void> {
    const { rateLimits, limitRefusals } = tx.t;
    await tx.db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    await tx.db.delete(limitRefusals).where(lt(limitRefusals.lastAt, refusalsBefore));
  }
}
