/** Paymob's HMAC (docs/decisions.md D46), from its "HMAC Transaction Callback" documentation: HMAC-SHA512, with the
 * account's HMAC secret, over the values of twenty fields of the transaction concatenated without separators in a
 * fixed (lexicographic) order, hex-encoded and sent as the `hmac` query parameter. The transaction processed callback
 * (POST, JSON) reads them from its `obj` (the Paymob order as `order.id`); the transaction response callback (the
 * shopper's redirection, GET) from its query parameters (the order as `order_id`). Exports
 * processedCallbackString(obj), redirectionString(params), paymobHmac(secret, text), verifyPaymobHmac(...). */
import crypto from "node:crypto";
import { isRecord } from "@store/shared/is-record";

/** The fields, in the documented order; `id` and `order` are named differently by each callback. */
const PAYMOB_HMAC_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

/** A value as it appears in the concatenation: booleans as JSON writes them (true/false), numbers in full, text as
 * is; a field the callback lacks counts as empty. */
function rendered(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** The concatenated values of a transaction processed callback's `obj`. */
export function processedCallbackString(obj: Record<string, unknown>): string {
  const source = isRecord(obj.source_data) ? obj.source_data : {};
  const order = isRecord(obj.order) ? obj.order.id : obj.order;
  return PAYMOB_HMAC_FIELDS.map((field) => {
    if (field === "order") return rendered(order);
    if (field.startsWith("source_data.")) return rendered(source[field.slice("source_data.".length)]);
    return rendered(obj[field]);
  }).join("");
}

/** The concatenated values of a transaction response callback's query parameters. */
export function redirectionString(params: URLSearchParams): string {
  return PAYMOB_HMAC_FIELDS.map((field) => params.get(field === "order" ? "order_id" : field) ?? "").join("");
}

export function paymobHmac(secret: string, text: string): string {
  return crypto.createHmac("sha512", secret).update(text, "utf8").digest("hex");
}

/** Whether `received` is the HMAC of `text` (constant-time; a missing or malformed value is not). */
export function verifyPaymobHmac(secret: string, text: string, received: string | undefined | null): boolean {
  if (!received || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(paymobHmac(secret, text), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(received.toLowerCase(), "hex"));
}
