/** Per-address limits for the public lookups: at most `limit` requests per window of `windowMs` for each client
 * address, counted by a RateLimitStore (the database, so every instance counts the same requests). The address
 * is the socket's, or the last X-Forwarded-For hop when TRUST_PROXY is set. */
import type { Context, MiddlewareHandler } from "hono";
import { TooManyRequestsError } from "./errors.ts";

/** Counts one request for a key in its current window, and answers the window's count and start. */
export interface RateLimitStore {
  hit(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }>;
}

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
  private readonly clock: () => number;

  constructor(
    private readonly store: RateLimitStore,
    private readonly options: RateLimitOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** Counts one request for `key`; returns 0 when allowed, else the seconds to wait. */
  async take(key: string): Promise<number> {
    const now = this.clock();
    const { limit, windowMs, name } = this.options;
    const { count, windowStart } = await this.store.hit(`${name}:${key}`, now, windowMs);
    if (count <= limit) return 0;
    return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const wait = await this.take(clientAddress(c, this.options.trustProxy));
      if (wait > 0) throw new TooManyRequestsError("Too many requests. Please try again later.", wait);
      await next();
    };
  }
}
