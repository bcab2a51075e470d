/** POST /api/checkout: the one request schema used by the server's validator and the client's form,
 * plus the response shapes. Messages are the exact texts of docs/product.md. */
import { z } from "./zod.ts";
import { CURRENCIES } from "../currency.ts";
import { lineKey } from "../cart.ts";
import { FIELD_ERROR_CODES, ownCode } from "./error-codes.ts";
import { isPlainName, NAME_MAX, NAME_MIN } from "../person-name.ts";
import { ORDER_QTY_CEILING } from "../store-settings.ts";
import { PAYMENT_PROVIDER_NAMES } from "./payments.ts";

export const LOCALES = ["en", "fr", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES);

export const CHECKOUT_MESSAGES = {
  name: "Full name is required.",
  plainName: "Please enter your name only, without web addresses, links or special characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  notes: "Notes must be at most 1000 characters.",
  emptyCart: "Your cart is empty.",
  qty: "Quantity must be a whole number from 1 to 99.",
  tooManyLines: "A cart can hold at most 50 lines.",
  currency: "Please choose a currency.",
  pricesChanged: "Prices have changed. Please review your cart.",
  idempotencyMismatch: "This checkout was already submitted with different details. Please try again.",
  recipientDailyLimit:
    "This email address has received too many order confirmations today. Please try again tomorrow or use another address.",
} as const;

/**
 * Checkout refusals about one product carry a code and the product's title beside the English text,
 * so the storefront can say them in the shopper's language.
 */
export const CHECKOUT_ERROR_CODES = {
  unavailable: "product_unavailable",
  optionRequired: "option_required",
  outOfStock: "out_of_stock",
  /** More than the available codes of an automatic product: `title` and `available` (0 or more) come with it. */
  insufficientStock: "insufficient_stock",
  /** More of one product than one order may hold: `title` and `limit`. */
  quantityLimit: "quantity_limit",
  /** This address or recipient would hold more of one product unpaid than allowed: `title`, `limit`, `held`. */
  heldLimit: "held_limit",
  /** This address or recipient would hold more units unpaid, all products together, than allowed: `limit`, `held`. */
  heldTotalLimit: "held_total_limit",
  /** This recipient would get more of one product in 24 hours than allowed: `title`, `limit`. */
  recipientUnitsLimit: "recipient_units_limit",
  /** The recipient's inbox had its order confirmations for the day; `retryAfter` (seconds) comes with it. */
  recipientDailyLimit: "recipient_daily_limit",
} as const;

/** The hard bound of a line's quantity; the operator's per-order limit (OrderLimits) lies within it. */
export const MAX_QTY = ORDER_QTY_CEILING;
export const MAX_LINES = 50;
export const PHONE_PATTERN = /^\+?[0-9\s()-]+$/;

/** A name is only a name (shared/src/person-name.ts): the operator reads it, and it must not pass for a link. */
export const fullNameSchema = z
  .string({ error: CHECKOUT_MESSAGES.name })
  .trim()
  .min(NAME_MIN, { error: CHECKOUT_MESSAGES.name })
  .max(NAME_MAX, { error: CHECKOUT_MESSAGES.name })
  .refine(isPlainName, { error: CHECKOUT_MESSAGES.plainName, params: ownCode(FIELD_ERROR_CODES.invalidName) });

export const emailSchema = z
  .string({ error: CHECKOUT_MESSAGES.email })
  .trim()
  .max(254, { error: CHECKOUT_MESSAGES.email })
  .pipe(z.email({ error: CHECKOUT_MESSAGES.email }));

export const phoneSchema = z
  .string({ error: CHECKOUT_MESSAGES.phone })
  .trim()
  .min(6, { error: CHECKOUT_MESSAGES.phone })
  .max(32, { error: CHECKOUT_MESSAGES.phone })
  .regex(PHONE_PATTERN, { error: CHECKOUT_MESSAGES.phone });

export const notesSchema = z.string().max(1000, { error: CHECKOUT_MESSAGES.notes });

/** One cart line (docs/decisions.md D24): the product id, a quantity, and the variant when the product has variants. */
export const checkoutItemSchema = z.object({
  id: z.string().min(1).max(100),
  qty: z
    .number({ error: CHECKOUT_MESSAGES.qty })
    .int({ error: CHECKOUT_MESSAGES.qty })
    .min(1, { error: CHECKOUT_MESSAGES.qty })
    .max(MAX_QTY, { error: CHECKOUT_MESSAGES.qty }),
  variantId: z.string().min(1).max(100).nullish(),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

/** The shopper's details only (the client form validates these on blur). */
export const checkoutDetailsSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  whatsapp: phoneSchema,
  notes: notesSchema.optional().default(""),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

export const checkoutRequestSchema = checkoutDetailsSchema.extend({
  currency: z.enum(CURRENCIES, { error: CHECKOUT_MESSAGES.currency }),
  items: z
    .array(checkoutItemSchema, { error: CHECKOUT_MESSAGES.emptyCart })
    .min(1, { error: CHECKOUT_MESSAGES.emptyCart })
    .max(MAX_LINES, { error: CHECKOUT_MESSAGES.tooManyLines })
    // Repeated lines of one product (and option) are one line: the quantity limit holds for their sum
    // (50 lines of 99 must not become one line of 4,950, past what any stock or budget expects).
    .superRefine((items, ctx) => {
      const totals = new Map<string, number>();
      items.forEach((item, index) => {
        const key = lineKey({ id: item.id, variantId: item.variantId ?? undefined });
        const qty = (totals.get(key) ?? 0) + item.qty;
        totals.set(key, qty);
        if (qty > MAX_QTY) {
          const params = ownCode(FIELD_ERROR_CODES.quantityOverLimit, { max: MAX_QTY });
          ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.qty, path: [index, "qty"], params });
        }
      });
    }),
  /** Empty or absent means no promo; compared upper-cased and trimmed. */
  promoCode: z.string().trim().max(40).nullish(),
  /** The client's own subtotal, a cross-check only (docs/decisions.md D6): the sum of unit price (after the product's
   * discount, before any promo) x qty, in MINOR units of `currency` (cents; millimes for TND).
   * Absent or null skips the check. */
  subtotal: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  /** Language of the confirmation email. */
  locale: localeSchema.optional().default("en"),
  /** How the shopper pays (docs/decisions.md D45); may be left out when one enabled method takes `currency`. */
  paymentMethod: z.enum(PAYMENT_PROVIDER_NAMES).nullish(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutInput = z.output<typeof checkoutRequestSchema>;

/** 200 response. `total` is in minor units of `currency`; `orderUrl` is the private order page. */
export const checkoutResponseSchema = z.object({
  panierCode: z.string(),
  paymentLink: z.string().nullable(),
  requiresPayment: z.boolean(),
  /** Whether the confirmation email went out before the response ('Order confirmed! Email sent.'). */
  emailSent: z.boolean(),
  orderUrl: z.string(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** 409 when the client's subtotal differs: the current unit prices (minor units) and subtotal. */
export const pricesChangedSchema = z.object({
  error: z.literal(CHECKOUT_MESSAGES.pricesChanged),
  prices: z.array(z.object({ id: z.string(), variantId: z.string().nullable(), unitPrice: z.number().int() })),
  subtotal: z.number().int(),
});
export type PricesChanged = z.infer<typeof pricesChangedSchema>;
