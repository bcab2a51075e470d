/** The order states, in one place: the server's tables (db/schema, db/schema-pg) and the shared zod schemas
 * import them from here (docs/decisions.md D10). No zod here, so the database schema files load it cheaply. */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "awaiting_stock",
  "delivered",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order may still change by itself (payment, stock); the others only by an operator's action. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["pending_payment", "paid", "awaiting_stock"];

/** How a product is fulfilled: `automatic` sells codes from its stock, `manual` is sold without stock and
 * fulfilled by hand (docs/decisions.md D10). */
export const DELIVERY_MODES = ["automatic", "manual"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** The default low-stock threshold of a product (available codes at or under it are "low"). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** A code in stock (docs/decisions.md D10). */
export const CODE_STATUSES = ["available", "reserved", "sold", "revoked"] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];
