/** Order shapes: the public lookup, the private order page, the admin console, metrics and the dev mailbox. */
import { z } from "./zod.ts";
import { CURRENCIES } from "../currency.ts";

export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "awaiting_stock",
  "delivered",
  "cancelled",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET /api/orders/{code} (public, docs/decisions.md D9): the code, the customer's first name and where the
 * order stands (the order-success page shows whether payment is still awaited); nothing else about the order. */
export const publicOrderSchema = z.object({ code: z.string(), firstName: z.string(), status: z.enum(ORDER_STATUSES) });
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** Money fields are integer minor units of `currency`. */
export const orderLineSchema = z.object({
  id: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  variantName: z.string().nullable(),
  qty: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** GET /api/orders/private/{token}: the shopper's private order page (/orders/{token}). */
export const privateOrderSchema = z.object({
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  firstName: z.string(),
  createdAt: z.number().int(),
  currency: z.enum(CURRENCIES),
  lines: z.array(orderLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  promoCode: z.string().nullable(),
  paymentLink: z.string().nullable(),
  /** Delivered codes (docs/decisions.md D9, D10); empty until delivery. */
  codes: z.array(
    z.object({ productId: z.string(), variantId: z.string().nullable(), title: z.string(), code: z.string() }),
  ),
});
export type PrivateOrder = z.infer<typeof privateOrderSchema>;

/** The admin console's order (docs/product.md: code, createdAt, customer, items with id and qty). */
export const adminOrderSchema = z.object({
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), whatsapp: z.string() }),
  notes: z.string(),
  locale: z.string(),
  currency: z.enum(CURRENCIES),
  rate: z.string(),
  items: z.array(orderLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  promoCode: z.string().nullable(),
  promoPercent: z.number().int(),
  paymentProvider: z.string(),
  version: z.number().int(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** docs/decisions.md D20 */
export const metricsSchema = z.object({
  totalOrders: z.number().int(),
  uniqueCustomers: z.number().int(),
  totalProducts: z.number().int(),
  recentOrders: z.number().int(),
  priorOrders: z.number().int(),
  growthPercentage: z.number().int(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/** The dev mailbox (docs/decisions.md D12), listed in the admin console. */
export const devMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  createdAt: z.number().int(),
});
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;
export const devMailSchema = devMailSummarySchema.extend({ text: z.string(), html: z.string(), emlFile: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;
