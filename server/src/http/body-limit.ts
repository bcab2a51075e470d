/** Request body size limit (413) that leaves the body unread when the request declares its length.
 * hono's bodyLimit reads `req.body` first, which turns @hono/node-server's lightweight request into a
 * full web Request with a stream, so every POST then paid for streams it did not need: here a declared
 * Content-Length is checked from the header alone (Node's parser never delivers more than it says), and
 * only a chunked body is counted as it arrives, by hono's bodyLimit.
 *
 * The limit can depend on the request (its path): each route accepts only what it needs (docs/decisions.md D28),
 * so a hostile megabyte body is refused before a byte of it is read or parsed. */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export interface BodyLimitOptions {
  /** Bytes allowed: one figure, or one per request (see bodyLimitFor). */
  maxSize: number | ((c: Context) => number);
  onError: (c: Context) => Response | Promise<Response>;
}

/** A route pattern's body limit: `path` is exact, or ends with `/*` for everything below it. */
export interface RouteBodyLimit {
  path: string;
  maxSize: number;
}

/** The limit of the first entry matching `path`, else `fallback`. */
export function bodyLimitFor(limits: readonly RouteBodyLimit[], fallback: number): (c: Context) => number {
  return (c) => {
    const p = c.req.path;
    for (const { path, maxSize } of limits) {
      if (path.endsWith("/*") ? p.startsWith(path.slice(0, -1)) || p === path.slice(0, -2) : p === path) return maxSize;
    }
    return fallback;
  };
}

export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  const { maxSize, onError } = options;
  const sizeOf = typeof maxSize === "number" ? () => maxSize : maxSize;
  // One counting middleware per distinct limit, made when first needed.
  const counting = new Map<number, MiddlewareHandler>();
  const countingFor = (size: number): MiddlewareHandler => {
    let m = counting.get(size);
    if (!m) counting.set(size, (m = bodyLimit({ maxSize: size, onError })));
    return m;
  };
  const limited: MiddlewareHandler = async (c, next) => {
    const size = sizeOf(c);
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return countingFor(size)(c, next);
    if (Number.parseInt(declared, 10) > size) {
      // Close the connection rather than read (and throw away) the rest of a body nobody wants.
      const res = await onError(c);
      res.headers.set("Connection", "close");
      return res;
    }
    await next();
  };
  // GET and HEAD carry no body: passed on as they are (every catalog answer goes this way).
  return (c, next) => {
    const method = c.req.method;
    return method === "GET" || method === "HEAD" ? next() : limited(c, next);
  };
}
