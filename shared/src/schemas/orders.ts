/** Order shapes: the public lookup, the private order page, the admin console, metrics and the dev mailbox. */
import { z } from "./zod.ts";
import { numberParam, pageLimitParam } from "./query.ts";
import { CURRENCIES } from "../currency.ts";
import { CODE_STATUSES, ORDER_STATUSES, type OrderStatus } from "../order-status.ts";
import { emailSchema } from "./checkout.ts";
import { MAX_CODE_LENGTH, productOptionFields } from "./stock.ts";

/** The order states come from one place (shared/src/order-status.ts), which the server's tables import too. */
export { ORDER_STATUSES };
export type { OrderStatus };
export const orderStatusSchema = z.enum(ORDER_STATUSES);

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
  /** The language the order was placed in: the page speaks it unless the shopper chose one on this device. Optional:
   * an instance not yet upgraded answers without it. */
  locale: z.string().optional(),
  currency: z.enum(CURRENCIES),
  lines: z.array(orderLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  promoCode: z.string().nullable(),
  paymentLink: z.string().nullable(),
  /** When an order still awaiting payment expires (its reserved codes go back to stock); null otherwise. */
  expiresAt: z.number().int().nullable(),
  /** Delivered codes (docs/decisions.md D9, D10): only once the order is `delivered` (an order awaiting stock shows
   * none until all its codes are there); empty otherwise. `platform` is the product's platform, for activation
   * hints. */
  codes: z.array(
    z.object({
      lineId: z.string(),
      ...productOptionFields,
      platform: z.string(),
      code: z.string(),
    }),
  ),
});
export type PrivateOrder = z.infer<typeof privateOrderSchema>;

/** What happened to an order, in its history (the audit log of docs/decisions.md D10). */
export const ORDER_EVENT_ACTIONS = [
  "created",
  "payment_confirmed",
  "codes_assigned",
  "delivered",
  "awaiting_stock",
  "expired",
  "cancelled",
  "refunded",
  "delivery_email_resent",
  "code_replaced",
  /** The shopper asked for the order's link again (Find my order) and it was mailed to the order's address. */
  "link_resent",
  "fulfilled",
  /** The shopper disputed the payment at the provider (a chargeback): the order is refunded and its codes revoked. */
  "disputed",
  /** The provider reported something about the order's payment that changes nothing by itself (a partial refund). */
  "payment_note",
  /** The operator refunded, or marked to refund by hand, money the provider took that no order held. */
  "unmatched_refunded",
] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** One entry of an order's history: who (an operator's username, "system", or "provider:<name>"), what, when. */
export const orderEventSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  actor: z.string(),
  action: z.enum(ORDER_EVENT_ACTIONS),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema.nullable(),
  /** A short English note for the operator (e.g. "code ••••AB12 replaced by ••••CD34"); never a whole code. */
  detail: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** A code assigned to (or reserved for) an order, as the admin sees it: masked. */
export const adminOrderCodeSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  status: z.enum(CODE_STATUSES),
  masked: z.string(),
});
export type AdminOrderCode = z.infer<typeof adminOrderCodeSchema>;

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
  /** When an unpaid order expires; null once it no longer awaits payment. */
  expiresAt: z.number().int().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/admin/orders/{code} and every order action's answer: the order, its codes (masked), its history
 * (oldest first) and the actions its state allows now. */
export const ADMIN_ORDER_ACTIONS = [
  "mark_paid",
  "resend_delivery",
  "replace_code",
  "cancel",
  "refund",
  "fulfil",
] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/** A line of a paid order whose product is delivered by hand and that still lacks codes: what the operator fulfils. */
export const lineToFulfilSchema = z.object({
  lineId: z.string(),
  ...productOptionFields,
  qty: z.number().int(),
  /** Codes the line still needs (its quantity less the codes it holds). */
  missing: z.number().int(),
  /** Codes of this product (and option) available in stock, for "take from stock". */
  available: z.number().int(),
});
export type LineToFulfil = z.infer<typeof lineToFulfilSchema>;

export const adminOrderDetailSchema = adminOrderSchema.extend({
  codes: z.array(adminOrderCodeSchema),
  /** Codes still missing when awaiting stock (0 otherwise). */
  missingCodes: z.number().int(),
  events: z.array(orderEventSchema),
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  /** A paid order's manual lines still lacking codes (empty otherwise): the "Fulfil order" form's lines. */
  toFulfil: z.array(lineToFulfilSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** Bodies of the admin order actions (POST /api/admin/orders/{code}/{mark-paid|resend-delivery|cancel|refund}):
 * an optional note for the audit log. */
export const orderActionRequestSchema = z
  .object({ note: z.string().trim().max(500, "Note is too long").default("") })
  .default({ note: "" });
export type OrderActionRequest = z.input<typeof orderActionRequestSchema>;

/** POST /api/admin/orders/{code}/replace-code: the sold code to replace (its id from `codes`); the old one is
 * revoked, a new one taken from stock and mailed. 409 when no code is available. */
export const replaceCodeRequestSchema = z.object({
  codeId: z.string({ error: "codeId is required" }).min(1, "codeId is required").max(100),
  note: z.string().trim().max(500, "Note is too long").default(""),
});
export type ReplaceCodeRequest = z.input<typeof replaceCodeRequestSchema>;

/** One code the operator typed: trimmed, not empty, no longer than an imported code (the server refuses the
 * characters an import refuses). */
const typedCodeSchema = z
  .string({ error: "Each code must be text" })
  .trim()
  .min(1, "A code is empty")
  .max(MAX_CODE_LENGTH, `A code is longer than ${MAX_CODE_LENGTH} characters`);

/** POST /api/admin/orders/{code}/fulfil: for each manual line of a paid order still lacking codes, the codes the
 * operator typed (one per missing unit) or `fromStock: true` (taken from the product's available codes). Every such
 * line must be given; the order is then delivered and its delivery email queued. */
export const fulfilOrderRequestSchema = z.object({
  lines: z
    .array(
      z
        .object({
          lineId: z.string({ error: "lineId is required" }).min(1, "lineId is required").max(40),
          codes: z.array(typedCodeSchema).max(1000, "Too many codes for one line").optional(),
          fromStock: z.literal(true).optional(),
        })
        .refine((l) => (l.codes === undefined) !== (l.fromStock === undefined), {
          message: "Give either the line's codes or fromStock: true",
        }),
    )
    .min(1, "Give the codes of each line to fulfil")
    .max(200, "Too many lines"),
  note: z.string().trim().max(500, "Note is too long").default(""),
});
export type FulfilOrderRequest = z.input<typeof fulfilOrderRequestSchema>;
export type FulfilOrder = z.output<typeof fulfilOrderRequestSchema>;

/** GET /api/admin/awaiting-fulfilment: paid orders waiting for the operator to deliver their manual lines, first
 * paid first (the dashboard's work to do). */
export const awaitingFulfilmentSchema = z.object({
  orders: z.array(
    z.object({
      code: z.string(),
      createdAt: z.number().int(),
      paidAt: z.number().int().nullable(),
      customerName: z.string(),
      /** Codes still to send (sum over the manual lines). */
      missing: z.number().int(),
    }),
  ),
});
export type AwaitingFulfilment = z.infer<typeof awaitingFulfilmentSchema>;

/** An answer of GET /api/admin/orders: the page, and the cursor of the next one (null on the last page). */
export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  next: z.string().nullable(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** How the admin orders list is sorted. */
export const ORDER_SORTS = ["newest", "oldest", "total_desc", "total_asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** GET /api/admin/orders?limit=&status=&q=&sort=&cursor=: one page of orders, paged on the server by a cursor
 * (the `next` of the page before), so a page costs the same at the millionth order as at the first. `q` is an
 * order code (exact) or the start of an email address (any case). */
export const adminOrderListQuerySchema = z.object({
  limit: pageLimitParam.optional(),
  status: orderStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ORDER_SORTS).optional(),
  cursor: z.string().max(300).optional(),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

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

/** Order states in which the store has the shopper's money: what the dashboard counts as revenue. */
export const REVENUE_STATUSES = ["paid", "awaiting_stock", "delivered"] as const satisfies readonly OrderStatus[];

/** GET /api/admin/metrics/sales?days=&tz= and GET /api/admin/metrics/top-products?days=&tz=: the dashboard's pictures
 * of the last `days` days. `tz` is the console's UTC offset in minutes (east positive, as
 * -Date.getTimezoneOffset()), so days start at the operator's midnight. */
export const salesQuerySchema = z.object({
  days: numberParam(/^\d{1,3}$/, "days must be a whole number")
    .pipe(z.number().int().min(1).max(366))
    .optional(),
  tz: numberParam(/^-?\d{1,4}$/, "tz must be a whole number of minutes")
    .pipe(z.number().int().min(-840).max(840))
    .optional(),
});

/** One day of the window: orders placed, and revenue per currency as recorded (minor units; never converted). */
export const salesDaySchema = z.object({
  /** The day, "YYYY-MM-DD", in the operator's time zone. */
  day: z.string(),
  orders: z.number().int(),
  revenue: z.partialRecord(z.enum(CURRENCIES), z.number().int()),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesSchema = z.object({
  /** Every day of the window, oldest first (days without orders included, with zeros). */
  days: z.array(salesDaySchema),
});
export type Sales = z.infer<typeof salesSchema>;

/** The most sold products of the window (orders paid, awaiting stock or delivered), by units: their own answer,
 * apart from the chart's. */
export const topProductsSchema = z.object({
  topProducts: z.array(
    z.object({
      id: z.string(),
      /** As the last order line counted for it names it (the product may since be renamed or deleted). */
      title: z.string(),
      units: z.number().int(),
      /** The order lines it was sold on (an order of two of its options counts twice). */
      orders: z.number().int(),
    }),
  ),
});
export type TopProducts = z.infer<typeof topProductsSchema>;

/** Find my order (POST /api/orders/find): the texts of docs/product.md. The answer is always `sent`, whether or not
 * the code and the email matched an order, so nobody can learn from it which orders or addresses exist. */
export const FIND_ORDER_MESSAGES = {
  code: "Please enter your order code, like PNR-7Q2M9XKD.",
  sent: "If an order with this code was placed with this email, we have sent its link to that address. Check your inbox and spam folder.",
} as const;

/** An order code as a person types it: PNR-, then 8 letters or digits, in any case, spaces ignored (the server reads
 * Crockford's look-alikes, O for 0 and I or L for 1, as the order lookup does). */
export const orderCodeInputSchema = z
  .string({ error: FIND_ORDER_MESSAGES.code })
  .trim()
  .max(40, { error: FIND_ORDER_MESSAGES.code })
  .regex(/^PNR\s*-?\s*(?:[0-9A-Z]\s*){8}$/i, { error: FIND_ORDER_MESSAGES.code });

/** The order's code and the email used at checkout (compared trimmed, in any case). */
export const findOrderRequestSchema = z.object({ code: orderCodeInputSchema, email: emailSchema });
export type FindOrderRequest = z.input<typeof findOrderRequestSchema>;
export type FindOrderInput = z.output<typeof findOrderRequestSchema>;

/** 202, the same body for every valid request. */
export const findOrderResponseSchema = z.object({ ok: z.literal(true), message: z.literal(FIND_ORDER_MESSAGES.sent) });
export type FindOrderResponse = z.infer<typeof findOrderResponseSchema>;
