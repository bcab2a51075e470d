import { z } from "./zod.ts";

/** Every API error body (docs/decisions.md D22). */
export const apiErrorSchema = z.object({
  error: z.string(),
  detail: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A stable name for the refusal, when the client may say it in its own words (with `title`). */
  code: z.string().optional(),
  title: z.string().optional(),
  /** With `insufficient_stock`: how many the shopper can still buy. */
  available: z.number().int().optional(),
  id: z.string().optional(),
  variantId: z.string().nullable().optional(),
  /** With a 429 (code RATE_LIMITED): the seconds to wait, as in the Retry-After header. */
  retryAfter: z.number().optional(),
});

/** The code of every 429 answer: too many requests (or login attempts) from this client; `retryAfter` says
 * how long to wait. */
export const RATE_LIMITED = "rate_limited";
export type ApiError = z.infer<typeof apiErrorSchema>;
