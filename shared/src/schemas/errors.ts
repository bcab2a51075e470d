import { z } from "./zod.ts";
import { codedErrorSchema } from "./error-codes.ts";

/** Every API error body (docs/decisions.md D22). */
export const apiErrorSchema = z.object({
  error: z.string(),
  detail: z.string().optional(),
  /** Each refused field's English text, and under the same keys its code and parameters (docs/decisions.md D29). */
  fields: z.record(z.string(), z.string()).optional(),
  fieldCodes: z.record(z.string(), codedErrorSchema).optional(),
  /** A stable name for the refusal (docs/decisions.md D29), and the values its sentence needs. */
  code: z.string().optional(),
  params: codedErrorSchema.shape.params,
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
