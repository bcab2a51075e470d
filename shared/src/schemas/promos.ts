/** Promo codes (docs/decisions.md D8, D19): admin shapes and the storefront's validate call. */
import { z } from "./zod.ts";
import { FIELD_ERROR_CODES, ownCode } from "./error-codes.ts";

export const PROMO_INVALID = "Invalid or inactive code";

export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, { error: "Promo code is required" })
  .max(40, { error: "Promo code is too long" })
  .transform((v) => v.toUpperCase());

/** A whole number from `min` to `max`, every refusal saying the same `message`. */
function wholeNumberIn(min: number, max: number, message: string) {
  const error = { error: message };
  return z.number(error).int(error).min(min, error).max(max, error);
}

export const promoPercentSchema = wholeNumberIn(1, 100, "Percent must be a whole number from 1 to 100");

/** The last moment a code works (ms since the epoch); null: no end date. */
export const promoExpiresAtSchema = wholeNumberIn(0, 8_640_000_000_000_000, "Enter a valid date").nullable();
/** How many orders may use a code; null: no cap. */
export const promoMaxUsesSchema = wholeNumberIn(
  1,
  1_000_000,
  "Usage limit must be a whole number from 1 to 1,000,000",
).nullable();

export const promoSchema = z.object({
  code: z.string(),
  percent: z.number().int(),
  active: z.boolean(),
  usageCount: z.number().int(),
  expiresAt: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  version: z.number().int(),
});
export type Promo = z.infer<typeof promoSchema>;

/** Admin create: the legacy POST /api/admin/promos body
 * (docs/product.md) sends `id` for the code; `code` is accepted too. */
export const promoCreateSchema = z
  .object({
    code: promoCodeSchema.optional(),
    id: promoCodeSchema.optional(),
    percent: promoPercentSchema,
    active: z.boolean().optional().default(true),
    expiresAt: promoExpiresAtSchema.optional().default(null),
    maxUses: promoMaxUsesSchema.optional().default(null),
  })
  .transform((v, ctx) => {
    const code = v.code ?? v.id;
    if (!code) {
      ctx.addIssue({
        code: "custom",
        message: "Promo code is required",
        path: ["code"],
        params: ownCode(FIELD_ERROR_CODES.required),
      });
      return z.NEVER;
    }
    return { code, percent: v.percent, active: v.active, expiresAt: v.expiresAt, maxUses: v.maxUses };
  });
export type PromoCreate = z.output<typeof promoCreateSchema>;

/** Admin update; `version` is the version the edit was made against (docs/decisions.md D17: mismatch -> 409). */
export const promoUpdateSchema = z.object({
  percent: promoPercentSchema.optional(),
  active: z.boolean().optional(),
  expiresAt: promoExpiresAtSchema.optional(),
  maxUses: promoMaxUsesSchema.optional(),
  version: z.number().int().min(1).optional(),
});
export type PromoUpdate = z.infer<typeof promoUpdateSchema>;

/** POST /api/promos/validate */
export const promoValidateRequestSchema = z.object({
  code: z.string({ error: PROMO_INVALID }).trim().min(1, { error: PROMO_INVALID }).max(40, { error: PROMO_INVALID }),
});
export const promoValidateResponseSchema = z.object({ code: z.string(), percent: z.number().int() });
export type PromoValidateResponse = z.infer<typeof promoValidateResponseSchema>;
