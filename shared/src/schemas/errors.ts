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
  /** With an ADMIN_ERROR_CODES refusal about an order's state: the state the order is in. */
  orderStatus: z.string().optional(),
  /** With `too_many_import_lines`: the most lines one import may carry. */
  max: z.number().int().optional(),
  /** With `code_control_characters`: the first line of the import holding one. */
  line: z.number().int().optional(),
});

/** The code of every 429 answer: too many requests (or login attempts) from this client; `retryAfter` says
 * how long to wait. */
export const RATE_LIMITED = "rate_limited";
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The refusals of the operator's order and stock actions (docs/product.md, Admin API): each answer carries one of
 * these in `code`, with its parameters beside it (`title`: a product's title; `orderStatus`: the order's state;
 * `max`: a limit), so the console says it in the operator's language; `error` keeps an English text for logs and
 * API users. */
export const ADMIN_ERROR_CODES = {
  orderNotFound: "order_not_found",
  productNotFound: "product_not_found",
  /** Mark paid: the order is no longer awaiting payment (`orderStatus`). */
  notAwaitingPayment: "order_not_awaiting_payment",
  /** Resend the delivery email: the order is not delivered (`orderStatus`). */
  nothingToResend: "order_not_delivered",
  /** Replace a code: only a delivered order's codes can be replaced (`orderStatus`). */
  replaceNeedsDelivery: "replace_needs_delivery",
  /** Replace a code: the code is not one sold with this order. */
  codeNotInOrder: "code_not_in_order",
  /** Replace a code: the code changed meanwhile (or its order line is gone). */
  codeChanged: "code_changed",
  /** Replace a code: no code of the line's product (`title`) is available. */
  noReplacementCode: "no_replacement_code",
  notCancellable: "order_not_cancellable",
  notRefundable: "order_not_refundable",
  /** Revoke: no available code of this product matches the ids or the code given. */
  noMatchingCode: "no_matching_code",
  /** Import: the product has options and none was chosen for the codes. */
  optionRequired: "code_option_required",
  /** Import: an option was given for a product without options. */
  noOptions: "product_has_no_options",
  /** Import: a line holds a control character (`line`: the first such line); nothing is imported. */
  controlCharacters: "code_control_characters",
  /** Import: more lines than one request may carry (`max`). */
  tooManyLines: "too_many_import_lines",
  /** Fulfil: the order is not paid and awaiting its manual codes (`orderStatus`); a second fulfil gets this too. */
  notAwaitingFulfilment: "order_not_awaiting_fulfilment",
  /** Fulfil: a line given is not one of the order's lines still lacking codes, or one of them was left out. */
  fulfilLineMismatch: "fulfil_line_mismatch",
  /** Fulfil: a line's codes are not as many as it lacks (`title`, `max`: the number expected). */
  fulfilWrongCount: "fulfil_wrong_code_count",
  /** Fulfil: a typed code is given twice, is already in the product's stock, or is not a valid code (`title`). */
  fulfilCodeRefused: "fulfil_code_refused",
  /** Fulfil from stock: the product (`title`) has fewer available codes than the line lacks. */
  fulfilNotEnoughStock: "fulfil_not_enough_stock",
  /** Deliver anyway: the product (`title`) has fewer available codes (`available`) than the order needs; nothing
   * was written. */
  deliverNotEnoughStock: "deliver_not_enough_stock",
  /** Deliver anyway: the order already holds a payment (`orderStatus`: paid, awaiting stock, delivered), so this
   * money is a second payment for it: refund it. */
  orderHoldsPayment: "order_holds_payment",
  /** Deliver anyway or Refund: the operator already acted on this unmatched payment. */
  unmatchedResolved: "unmatched_payment_resolved",
  unmatchedNotFound: "unmatched_payment_not_found",
} as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[keyof typeof ADMIN_ERROR_CODES];
