/** Request body size limit (413) that leaves the body unread when the request declares its length.
 * hono's bodyLimit reads `req.body` first, which turns @hono/node-server's lightweight request into a
 * full web Request with a stream, so every POST then paid for streams it did not need: here a declared
 * Content-Length is checked from the header alone (Node's parser never delivers more than it says), and
 * only a chunked body is counted as it arrives, by hono's bodyLimit. */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export interface BodyLimitOptions {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}

export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  const counting = bodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return counting(c, next);
    if (Number.parseInt(declared, 10) > options.maxSize) return options.onError(c);
    await next();
  };
}
