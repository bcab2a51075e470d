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
});
export type ApiError = z.infer<typeof apiErrorSchema>;
