/** "Email me when it is back" (POST /api/stock-requests) and "Only N left" (GET /api/availability/{productId}). */
import { z } from "./zod.ts";
import { emailSchema, localeSchema } from "./checkout.ts";

export const stockRequestSchema = z.object({
  productId: z.string().trim().min(1).max(100),
  /** The option the shopper wants; absent or "" for the product as a whole. */
  variantId: z.string().trim().max(100).optional().default(""),
  email: emailSchema,
  locale: localeSchema.optional().default("en"),
});
export type StockRequest = z.input<typeof stockRequestSchema>;

export const stockRequestResponseSchema = z.object({ ok: z.literal(true) });

/** How many codes are left, only where it is few: the product as a whole under "", each option under its id.
 * Absent keys: plenty left, none left, or the product is not sold from code stock. */
export const availabilitySchema = z.object({
  left: z.record(z.string(), z.number().int().min(1)),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Pending "email me" requests one address may hold at once. */
export const MAX_STOCK_REQUESTS_PER_EMAIL = 20;

/** Refusals of POST /api/stock-requests (their sentences: client/src/i18n/error-messages.ts). */
export const STOCK_REQUEST_ERROR_CODES = {
  /** The product (or the option asked for) has codes now: it can be bought. */
  inStockNow: "in_stock_now",
  /** A product sold without code stock (fulfilled by hand) is never restocked by an import. */
  notRestocked: "not_restocked",
  /** The address already waits for MAX_STOCK_REQUESTS_PER_EMAIL products: `max` comes with it. */
  tooManyRequests: "too_many_stock_requests",
} as const;
