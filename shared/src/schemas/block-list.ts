/** The block list (docs/decisions.md D37): the operator refuses checkouts by email, email domain, client address
 * range or phone country code; refused attempts are listed. And the dashboard's "limits hit today". */
import { z } from "./zod.ts";

export const BLOCK_KINDS = ["email", "domain", "cidr", "country"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** What a blocked checkout is told: nothing about the block list. */
export const ORDER_REFUSED = "We could not take this order. Please contact us.";

export const blockEntryCreateSchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  value: z.string().trim().min(1).max(100),
  reason: z.string().trim().max(200).default(""),
});
export type BlockEntryCreate = z.infer<typeof blockEntryCreateSchema>;

/** What an entry blocks, as stored, and what an attempt matched. */
const blockedValue = {
  id: z.string(),
  kind: z.enum(BLOCK_KINDS),
  /** Normalised: a lower-case email or domain, a CIDR range (`203.0.113.0/24`, `2001:db8::/32`), or a calling
   * code's digits (`216` for +216). */
  value: z.string(),
};

export const blockEntrySchema = z.object({
  ...blockedValue,
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.number(),
});
export type BlockEntry = z.infer<typeof blockEntrySchema>;

export const blockedAttemptSchema = z.object({
  ...blockedValue,
  at: z.number(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type BlockedAttempt = z.infer<typeof blockedAttemptSchema>;

export const blockListResponseSchema = z.object({
  entries: z.array(blockEntrySchema),
  attempts: z.array(blockedAttemptSchema),
});
export type BlockListResponse = z.infer<typeof blockListResponseSchema>;

/** A limit that refused a subject (a client address, a recipient email...) today. */
export const limitRefusalSchema = z.object({
  limit: z.string(),
  subject: z.string(),
  count: z.number(),
  lastAt: z.number(),
});
export const limitRefusalsResponseSchema = z.object({ refusals: z.array(limitRefusalSchema) });
export type LimitRefusal = z.infer<typeof limitRefusalSchema>;
