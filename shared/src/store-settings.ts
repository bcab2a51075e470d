/** Store-wide settings' defaults and limits, without zod, so the storefront's first script can use them
 * (the schemas in schemas/catalog.ts are built on these). */
import { isRecord } from "./is-record.ts";

/** Site toggles: every section shows until the operator switches it off. */
export interface Toggles {
  showNewsletter: boolean;
  showPremium: boolean;
  showPromo: boolean;
}
export const DEFAULT_TOGGLES: Toggles = { showNewsletter: true, showPremium: true, showPromo: true };

/** How to pay an order in manual mode (bank transfer, D17 wallet, cash...), in each of the store's languages,
 * as the operator writes it; shown on the order-success page while the order awaits payment. */
export interface PaymentInstructions {
  en: string;
  fr: string;
  ar: string;
}
export const PAYMENT_INSTRUCTIONS_MAX = 1000;
export const NO_PAYMENT_INSTRUCTIONS: PaymentInstructions = { en: "", fr: "", ar: "" };

export function isPaymentInstructions(value: unknown): value is PaymentInstructions {
  if (typeof value !== "object" || value === null) return false;
  const texts = value as Record<string, unknown>;
  return typeof texts.en === "string" && typeof texts.fr === "string" && typeof texts.ar === "string";
}

/** Within how many hours of payment the operator sends a manual product's code by hand (products sold without
 * stock); the storefront, the cart and the confirmation email promise it. */
export const MANUAL_DELIVERY_HOURS_MIN = 1;
export const MANUAL_DELIVERY_HOURS_MAX = 720;
export const DEFAULT_MANUAL_DELIVERY_HOURS = 24;

export function isManualDeliveryHours(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= MANUAL_DELIVERY_HOURS_MIN &&
    (value as number) <= MANUAL_DELIVERY_HOURS_MAX
  );
}

/** The manual delivery time of a stored setting's value; the default when never saved (or not a valid time). */
export function manualDeliveryHoursOf(value: unknown): number {
  return isManualDeliveryHours(value) ? value : DEFAULT_MANUAL_DELIVERY_HOURS;
}

/** The operator's order limits (Admin > Settings > Limits; the other stock-hoarding guards are environment settings,
 * docs/operations.md "Limits"). The storefront learns `maxQtyPerOrder`, to cap its quantity inputs. */
export interface OrderLimits {
  /** Units of one product (its options together) one order may hold. */
  maxQtyPerOrder: number;
  /** In manual payment mode, how many hours an unpaid order keeps its codes before it expires (unless
   * UNPAID_ORDER_TTL_MINUTES says otherwise). */
  reservationHours: number;
}

/** The hard bound of any order line: the limit the operator sets lies within it. */
export const ORDER_QTY_CEILING = 99;
export const RESERVATION_HOURS_MAX = 720;

export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxQtyPerOrder: 10, reservationHours: 24 };

const ORDER_LIMIT_BOUNDS: Record<keyof OrderLimits, number> = {
  maxQtyPerOrder: ORDER_QTY_CEILING,
  reservationHours: RESERVATION_HOURS_MAX,
};

export function orderLimitMax(key: keyof OrderLimits): number {
  return ORDER_LIMIT_BOUNDS[key];
}

/** The stored limits, each value that is missing or out of bounds (a row of an older version) at its default. */
export function orderLimitsOf(value: unknown): OrderLimits {
  const stored = isRecord(value) ? value : {};
  const out = { ...DEFAULT_ORDER_LIMITS };
  for (const key of Object.keys(out) as (keyof OrderLimits)[]) {
    const v = stored[key];
    if (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= ORDER_LIMIT_BOUNDS[key]) out[key] = v as number;
  }
  return out;
}
