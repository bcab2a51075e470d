/** Codes as stock (docs/decisions.md D10): the admin's stock panel, import, revoke, export and the dashboard's
 * stock alerts. A code itself never appears in these answers except the CSV export (masked otherwise). */
import { pageLimitParam } from "./query.ts";
import { z } from "./zod.ts";
import { CODE_STATUSES, DEFAULT_LOW_STOCK_THRESHOLD, DELIVERY_MODES, type CodeStatus } from "../order-status.ts";

export { CODE_STATUSES, DEFAULT_LOW_STOCK_THRESHOLD, DELIVERY_MODES };
export type { CodeStatus };
export type { DeliveryMode } from "../order-status.ts";

export const codeStatusSchema = z.enum(CODE_STATUSES);

/** The product and option something is of, with the names the shopper saw for them: an order line, a code on an
 * order, a stock alert. */
export const productOptionFields = {
  productId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  variantName: z.string().nullable(),
};
export const deliveryModeSchema = z.enum(DELIVERY_MODES, { error: 'Delivery must be "automatic" or "manual"' });

/** The longest code accepted (characters after trimming). */
export const MAX_CODE_LENGTH = 200;
/** The most lines one import request may carry. */
export const MAX_IMPORT_LINES = 20_000;
/** The most characters of text one import request may carry. */
export const MAX_IMPORT_CHARS = 2_000_000;

export const lowStockThresholdSchema = z
  .number({ error: "Low-stock threshold must be a number" })
  .int("Low-stock threshold must be a whole number")
  .min(0, "Low-stock threshold cannot be negative")
  .max(1_000_000, "Low-stock threshold is too large");

/** Counts of codes by status. */
export const stockCountsSchema = z.object({
  available: z.number().int().min(0),
  reserved: z.number().int().min(0),
  sold: z.number().int().min(0),
  revoked: z.number().int().min(0),
});
export type StockCounts = z.infer<typeof stockCountsSchema>;

/** GET /api/admin/products/{id}/stock: counts for the product (all variants) and per variant. `variants` has one
 * entry per current variant of the product, plus one with `variantId: null` for codes loaded on the product itself
 * (a product without variants has only that one). `low`: available <= lowStockThreshold. */
export const productStockSchema = z.object({
  productId: z.string(),
  deliveryMode: deliveryModeSchema,
  lowStockThreshold: z.number().int(),
  total: stockCountsSchema,
  low: z.boolean(),
  variants: z.array(
    z.object({
      variantId: z.string().nullable(),
      name: z.string().nullable(),
      counts: stockCountsSchema,
      low: z.boolean(),
    }),
  ),
});
export type ProductStock = z.infer<typeof productStockSchema>;

/** One code as the admin lists it: never the code itself, only its last characters (`masked`, e.g. "••••AB12"). */
export const adminCodeSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  status: codeStatusSchema,
  masked: z.string(),
  /** The order it is reserved for or was sold with. */
  orderCode: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;

/** GET /api/admin/products/{id}/codes?status=&variantId=&limit=&before=: newest first; `nextBefore` pages on. */
export const adminCodeListSchema = z.object({
  codes: z.array(adminCodeSchema),
  nextBefore: z.string().nullable(),
});
export type AdminCodeList = z.infer<typeof adminCodeListSchema>;

export const codeListQuerySchema = z.object({
  status: codeStatusSchema.optional(),
  /** "" or absent: every variant; "none": codes of the product itself. */
  variantId: z.string().max(100).optional(),
  limit: pageLimitParam.optional(),
  before: z.string().max(100).optional(),
});

/** POST /api/admin/products/{id}/codes/import. `text` is the pasted text or the file's content (.txt: one code a line;
 * .csv: the first cell of each line, a first line "code" being a header). Blank lines are ignored. `lineOffset` is
 * added to the reported line numbers (a client that sends a big file in parts keeps the file's numbering). */
export const codeImportRequestSchema = z.object({
  variantId: z.string().trim().max(100).nullish(),
  format: z.enum(["text", "csv"]).default("text"),
  text: z
    .string({ error: "Codes must be text" })
    .max(MAX_IMPORT_CHARS, `At most ${MAX_IMPORT_CHARS} characters per import`),
  lineOffset: z.number().int().min(0).max(10_000_000).default(0),
});
export type CodeImportRequest = z.input<typeof codeImportRequestSchema>;

/** Why a line was not imported. */
export const IMPORT_REFUSALS = ["duplicate_in_file", "already_in_stock", "too_long", "invalid_characters"] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/** The answer to an import: the lines refused (1-based, plus lineOffset) and a summary; the rest was imported in one
 * transaction. */
export const codeImportResultSchema = z.object({
  refused: z.array(z.object({ line: z.number().int(), reason: z.enum(IMPORT_REFUSALS) })),
  summary: z.object({
    /** Lines read, blank ones included. */
    lines: z.number().int(),
    blank: z.number().int(),
    imported: z.number().int(),
    refused: z.number().int(),
    byReason: z.partialRecord(z.enum(IMPORT_REFUSALS), z.number().int()),
  }),
  /** Orders awaiting stock that these codes completed (their delivery emails are queued). */
  completedOrders: z.array(z.string()),
  stock: productStockSchema,
});
export type CodeImportResult = z.infer<typeof codeImportResultSchema>;

/** POST /api/admin/products/{id}/codes/revoke: by id (from the list) or by the code itself (pasted). Only available
 * codes can be revoked here (a sold code is revoked by replacing it or refunding its order). */
export const codeRevokeRequestSchema = z
  .object({
    codeIds: z.array(z.string().max(100)).max(1000).optional(),
    code: z.string().trim().min(1).max(MAX_CODE_LENGTH).optional(),
  })
  .refine((v) => (v.codeIds?.length ?? 0) > 0 || v.code !== undefined, "Give codeIds or code");
export type CodeRevokeRequest = z.infer<typeof codeRevokeRequestSchema>;

export const codeRevokeResultSchema = z.object({ revoked: z.number().int(), stock: productStockSchema });
export type CodeRevokeResult = z.infer<typeof codeRevokeResultSchema>;

/** GET /api/admin/products/{id}/codes.csv: unsold codes (available and reserved), `Cache-Control: no-store`. */
export const CODE_EXPORT_COLUMNS = ["code", "variant_id", "variant_name", "status", "imported_at"] as const;

/** GET /api/admin/stock/alerts: the dashboard's stock read-out. Manual products never appear. */
export const stockAlertSchema = z.object({
  ...productOptionFields,
  available: z.number().int(),
  threshold: z.number().int(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;
export const stockAlertsSchema = z.object({
  /** 0 < available <= threshold. */
  low: z.array(stockAlertSchema),
  /** available = 0. */
  empty: z.array(stockAlertSchema),
  awaitingStock: z.array(
    z.object({
      code: z.string(),
      createdAt: z.number().int(),
      paidAt: z.number().int().nullable(),
      /** Codes still missing (sum over lines). */
      missing: z.number().int(),
    }),
  ),
});
export type StockAlerts = z.infer<typeof stockAlertsSchema>;

/** GET /api/admin/stock/summary: what the dashboard says about stock as a whole. */
export const stockSummarySchema = z.object({
  /** Products on automatic delivery. */
  automaticProducts: z.number().int(),
  /** Available codes the demo seed put in stock (each starts with DEMO-), still for sale. */
  demoCodes: z.number().int(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

/** The most rows GET /api/admin/held-stock answers (the orders expiring first). */
export const HELD_STOCK_LIMIT = 200;

/** One product's codes held by an order awaiting payment (Admin > Orders > Held stock). */
export const heldStockRowSchema = z.object({
  code: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  productId: z.string(),
  title: z.string(),
  variantName: z.string().nullable(),
  units: z.number().int().min(1),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type HeldStockRow = z.infer<typeof heldStockRowSchema>;

/** GET /api/admin/held-stock: codes reserved by orders awaiting payment, the orders expiring first; `more` when there
 * are more rows than HELD_STOCK_LIMIT. */
export const heldStockSchema = z.object({ rows: z.array(heldStockRowSchema), more: z.boolean() });
export type HeldStock = z.infer<typeof heldStockSchema>;
