/** Per-address limits for the public lookups: at most `limit` requests per window of `windowMs` for each client
 * address, counted by a RateLimitStore (the database, so every instance counts the same requests). The address
 * is the socket's, or the last X-Forwarded-For hop when TRUST_PROXY is set, an IPv6 one grouped by its /64. */
import { isIPv6 } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import type { Tx } from "../db/data.ts";
import { TooManyRequestsError } from "./errors.ts";

/** One key to count, in windows of `windowMs`. */
export interface LimitHit {
  key: string;
  windowMs: number;
}

/** A key's count in its current window, and when that window started. */
export interface WindowCount {
  count: number;
  windowStart: number;
}

/** Counts requests per key and window; several keys are counted in one database round (one commit). */
export interface RateLimitStore {
  /** Counts one request for each key in its current window, and answers each window's count and start: in
   * `tx` when given (the counts then commit with it), else in a commit of their own. */
  hitAll(hits: readonly LimitHit[], now: number, tx?: Tx): Promise<WindowCount[]>;
  /** Each key's count in its current window, without counting this request. */
  peekAll(hits: readonly LimitHit[], now: number, tx?: Tx): Promise<WindowCount[]>;
  /** Records that each limit refused its subject (for the dashboard's "limits hit today"). */
  recordRefusals(refusals: readonly { limit: string; subject: string }[], now: number, tx?: Tx): Promise<void>;
}

const THROTTLED = "Too many requests. Please try again later.";

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  trustProxy: boolean;
  /** What is limited, so two limiters never share counts. */
  name: string;
  clock?: () => number;
}

function socketAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } }).incoming;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === "string" ? address : undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part taken as the last two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key a client address is counted under: an IPv6 address by its /64 (one subscriber's network gets a whole /64,
 * so each of its 2^64 addresses must not get a budget of its own), an IPv4-mapped IPv6 address as its IPv4 address,
 * anything else as it is. A zone (`%eth0`) is dropped. */
export function addressGroup(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The client's address as limits count it (addressGroup: IPv6 by /64); 'local' for in-process requests (app.request
 * in tests). */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const ip = clientIp(c, trustProxy);
  return ip === "local" ? ip : addressGroup(ip);
}

/** The client's own address, as it came (the block list matches ranges against it); 'local' in process. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The last hop is the one our own proxy appended; earlier ones are client-controlled.
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return last;
  }
  return socketAddress(c) ?? "local";
}

export class RateLimiter {
  private readonly clock: () => number;

  constructor(
    private readonly store: RateLimitStore,
    private readonly options: RateLimitOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** Counts one request for `key`; returns 0 when allowed, else the seconds to wait. */
  take(key: string): Promise<number> {
    return takeAll([[this, key]]);
  }

  /** This limiter's count key for `key`, and its window. */
  hitFor(key: string): { key: string; windowMs: number } {
    return { key: `${this.options.name}:${key}`, windowMs: this.options.windowMs };
  }

  /** The client address this limiter counts a request under. */
  addressOf(c: Context): string {
    return clientAddress(c, this.options.trustProxy);
  }

  get name(): string {
    return this.options.name;
  }

  /** The seconds to wait when `key` has already used this limit's whole budget (recorded as a refusal), else 0;
   * nothing is counted. For a budget of misses: an attempt is refused once the misses are spent, whether it
   * would hit or miss (else a hit answered past the budget would tell a code apart). */
  async spent(key: string, tx?: Tx): Promise<number> {
    const now = this.now();
    const [counted = { count: 0, windowStart: now }] = await this.store.peekAll([this.hitFor(key)], now, tx);
    const wait = this.waitFor({ ...counted, count: counted.count + 1 }, now);
    if (wait > 0) await this.store.recordRefusals([{ limit: this.options.name, subject: key }], now, tx);
    return wait;
  }

  /** 0 when a window's count is within the limit, else the seconds until the window ends. */
  waitFor({ count, windowStart }: WindowCount, now: number): number {
    const { limit, windowMs } = this.options;
    if (count <= limit) return 0;
    return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  }

  now(): number {
    return this.clock();
  }

  get rateLimitStore(): RateLimitStore {
    return this.store;
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const wait = await this.take(this.addressOf(c));
      if (wait > 0) throw new TooManyRequestsError(THROTTLED, wait);
      await next();
    };
  }
}

/** Counts one request against each limiter's key (each pair is counted, even past another's limit) in one
 * database round, inside `tx` when given; returns 0 when every limiter allows it, else the longest wait in
 * seconds. The limiters share one store. */
export async function takeAll(pairs: readonly (readonly [RateLimiter, string])[], tx?: Tx): Promise<number> {
  const first = pairs[0];
  if (!first) return 0;
  const now = first[0].now();
  const store = first[0].rateLimitStore;
  const counts = await store.hitAll(
    pairs.map(([limiter, key]) => limiter.hitFor(key)),
    now,
    tx,
  );
  const waits = pairs.map(([limiter], i) => limiter.waitFor(counts[i] ?? { count: 0, windowStart: now }, now));
  // Every refusal of every limit is recorded here, in one place, whichever route asked.
  const refused = pairs.filter((_, i) => (waits[i] ?? 0) > 0);
  if (refused.length > 0)
    await store.recordRefusals(
      refused.map(([limiter, subject]) => ({ limit: limiter.name, subject })),
      now,
      tx,
    );
  return Math.max(0, ...waits);
}

/** A budget of misses (promo guesses): `attempt` runs unless the misses are spent, and only an attempt that
 * throws a miss (`isMiss`) is counted; the miss that passes the budget is answered 429 like the ones after it. */
export async function countingMisses<T>(
  limiter: RateLimiter,
  key: string,
  attempt: () => Promise<T>,
  isMiss: (err: unknown) => boolean,
): Promise<T> {
  const spent = await limiter.spent(key);
  if (spent > 0) throw new TooManyRequestsError(THROTTLED, spent);
  try {
    return await attempt();
  } catch (err) {
    if (isMiss(err)) {
      const wait = await limiter.take(key);
      if (wait > 0) throw new TooManyRequestsError(THROTTLED, wait);
    }
    throw err;
  }
}
