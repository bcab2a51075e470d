/** A small in-memory token bucket per client address (one process; enough for a single-node store).
 * The address is the socket's, or the last X-Forwarded-For hop when TRUST_PROXY is set. */
import type { Context, MiddlewareHandler } from "hono";
import { TooManyRequestsError } from "./errors.ts";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export interface RateLimitOptions {
  /** Requests allowed per window (also the burst size). */
  limit: number;
  windowMs: number;
  trustProxy: boolean;
  clock?: () => number;
}

function socketAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } }).incoming;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === "string" ? address : undefined;
}

/** The client's address; 'local' for in-process requests (app.request in tests). */
export function clientAddress(c: Context, trustProxy: boolean): string {
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
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /** Takes one token for `key`; returns 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    const now = this.clock();
    const { limit, windowMs } = this.options;
    const perMs = limit / windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: limit, updatedAt: now };
    bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** Drops buckets that have refilled completely (they hold no information). */
  private prune(now: number): void {
    const full = this.options.windowMs;
    for (const [key, b] of this.buckets) if (now - b.updatedAt >= full) this.buckets.delete(key);
  }

  reset(): void {
    this.buckets.clear();
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const wait = this.take(clientAddress(c, this.options.trustProxy));
      if (wait > 0) throw new TooManyRequestsError("Too many requests. Please try again later.", wait);
      await next();
    };
  }
}
