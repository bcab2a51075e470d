/** Every call the admin console makes to the store's API, as endpoints (api/endpoint.ts): the method, the path built
 * from typed parameters (encoded here, never at the call site), the request body's shared schema and the schema the
 * answer must match. The console sends them with its client's `call` (api/admin-client.ts), which adds the session's
 * CSRF token, the Idempotency-Key and the offline outbox. Grouped by the server's modules; each path and query is
 * the one its *.routes.ts reads. */
import { z } from "zod";
import * as admin from "@store/shared/schemas/admin";
import {
  blockEntryCreateSchema,
  blockEntrySchema,
  blockListResponseSchema,
  limitRefusalsResponseSchema,
} from "@store/shared/schemas/block-list";
import {
  categoryListSchema,
  categorySchema,
  manualDeliverySchema,
  orderLimitsSchema,
  paymentInstructionsSchema,
  productSchema,
  rateSchema,
  togglesSchema,
} from "@store/shared/schemas/catalog";
import { newsletterCountSchema } from "@store/shared/schemas/newsletter";
import { alertSettingsAnswerSchema, alertSettingsSchema } from "@store/shared/schemas/operator-alerts";
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  awaitingFulfilmentSchema,
  devMailSchema,
  devMailSummarySchema,
  fulfilOrderRequestSchema,
  metricsSchema,
  orderActionRequestSchema,
  replaceCodeRequestSchema,
  salesSchema,
  topProductsSchema,
  type AdminOrder,
  type OrderSort,
  type OrderStatus,
} from "@store/shared/schemas/orders";
import { unmatchedActionResultSchema, unmatchedPaymentsSchema } from "@store/shared/schemas/payments";
import { promoCreateSchema, promoSchema, promoUpdateSchema } from "@store/shared/schemas/promos";
import {
  adminCodeListSchema,
  codeImportRequestSchema,
  codeImportResultSchema,
  codeRevokeRequestSchema,
  codeRevokeResultSchema,
  heldStockSchema,
  productStockSchema,
  stockAlertsSchema,
  stockSummarySchema,
  type CodeStatus,
} from "@store/shared/schemas/stock";
import { endpoint, ignoredBody, type BodyReader, type Endpoint, type RequestSchema } from "./endpoint.ts";

/** `path` with the query's set values, in the order given; empty strings and undefined are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
}

/** `ep` with its parameters given: an endpoint that takes none, for code that reads whatever endpoint it is handed
 * (a panel's list, a form's latest copy). */
export function bind<P, Res>(ep: Endpoint<P, undefined, Res>, params: P): Endpoint<void, undefined, Res> {
  return { ...ep, path: () => ep.path(params) };
}

/** One path segment: an id as typed by anyone ("a/b c") stays one segment. */
const segment = (value: string | number) => encodeURIComponent(String(value));

/** This device's offset from UTC in minutes (east positive): where the server's "today" and days start. */
export const consoleTimeZone = (): number => -new Date().getTimezoneOffset();

// ---------- Entities edited in the console's lists (docs/decisions.md D17) ----------

/** What the entity editor kit calls for one kind: its list, and creating, saving and deleting one. */
export interface EntityEndpoints<Item, Create, Update> {
  list: Endpoint<void, undefined, Item[]>;
  create: Endpoint<void, Create, Item>;
  /** `id`: the row's key (a product's id, a promo's code). */
  update: Endpoint<string, Update, Item>;
  /** `version`: the version the row was read at; the server refuses the deletion with a 409 when it changed since. */
  remove: Endpoint<{ id: string; version?: number | undefined }, undefined, unknown>;
}

/** The endpoints of the entities listed at `at`, each one at `at/{id}`. */
export function entityEndpoints<Item, Create, Update>(
  at: string,
  schemas: {
    list: BodyReader<Item[]>;
    item: BodyReader<Item>;
    create: RequestSchema<Create>;
    update: RequestSchema<Update>;
  },
): EntityEndpoints<Item, Create, Update> {
  const one = (id: string) => `${at}/${segment(id)}`;
  return {
    list: endpoint({ method: "GET", path: () => at, response: schemas.list }),
    create: endpoint({ method: "POST", path: () => at, request: schemas.create, response: schemas.item }),
    update: endpoint({ method: "PUT", path: one, request: schemas.update, response: schemas.item }),
    // The answer says nothing the status does not.
    remove: endpoint({
      method: "DELETE",
      path: ({ id, version }: { id: string; version?: number | undefined }) => withQuery(one(id), { version }),
      response: ignoredBody,
    }),
  };
}

// ---------- Catalog: products and categories ----------

const PRODUCTS = "/api/admin/products";
const productPath = (id: string) => `${PRODUCTS}/${segment(id)}`;

/** GET /api/admin/products?limit=&q=&category=&cursor= (adminProductListQuerySchema). */
export interface ProductPageQuery {
  limit: number;
  q?: string;
  category?: string;
  cursor?: string | null;
}

export const products = {
  ...entityEndpoints(PRODUCTS, {
    list: z.array(productSchema),
    item: productSchema,
    create: admin.productCreateSchema,
    update: admin.productUpdateSchema,
  }),
  /** One page of the list, newest first. */
  page: endpoint({
    method: "GET",
    path: ({ limit, q, category, cursor }: ProductPageQuery) =>
      withQuery(PRODUCTS, { limit, q: q?.trim(), category, cursor: cursor ?? undefined }),
    response: admin.adminProductPageSchema,
  }),
  one: endpoint({ method: "GET", path: productPath, response: productSchema }),
};

/** Categories are listed by the storefront's route; changing one needs the admin session. */
export const categories = entityEndpoints("/api/categories", {
  list: categoryListSchema,
  item: categorySchema,
  create: admin.categoryCreateSchema,
  update: admin.categoryUpdateSchema,
});

// ---------- Code stock ----------

/** GET /api/admin/products/{id}/codes?status=&limit=&before= */
export interface CodePageQuery {
  productId: string;
  status: CodeStatus;
  limit: number;
  before?: string | null;
}

export const stock = {
  summary: endpoint({ method: "GET", path: () => "/api/admin/stock/summary", response: stockSummarySchema }),
  alerts: endpoint({ method: "GET", path: () => "/api/admin/stock/alerts", response: stockAlertsSchema }),
  held: endpoint({ method: "GET", path: () => "/api/admin/held-stock", response: heldStockSchema }),
  /** A product's counts per option. */
  product: endpoint({
    method: "GET",
    path: (productId: string) => `${productPath(productId)}/stock`,
    response: productStockSchema,
  }),
  codes: endpoint({
    method: "GET",
    path: ({ productId, status, limit, before }: CodePageQuery) =>
      withQuery(`${productPath(productId)}/codes`, { status, limit, before: before ?? undefined }),
    response: adminCodeListSchema,
  }),
  import: endpoint({
    method: "POST",
    path: (productId: string) => `${productPath(productId)}/codes/import`,
    request: codeImportRequestSchema,
    response: codeImportResultSchema,
  }),
  revoke: endpoint({
    method: "POST",
    path: (productId: string) => `${productPath(productId)}/codes/revoke`,
    request: codeRevokeRequestSchema,
    response: codeRevokeResultSchema,
  }),
  /** The unsold codes as a file's text: `csv` for a spreadsheet, `txt` the exact codes. */
  export: endpoint({
    method: "GET",
    path: ({ productId, format }: { productId: string; format: "csv" | "txt" }) =>
      `${productPath(productId)}/codes.${format}`,
    // A file with no codes may come as an empty body.
    response: z
      .string()
      .optional()
      .transform((text) => text ?? ""),
  }),
};

// ---------- Orders and payments ----------

const ORDERS = "/api/admin/orders";
const orderPath = (code: string) => `${ORDERS}/${segment(code)}`;

/** The list's filters, as GET /api/admin/orders (adminOrderListQuerySchema) and its CSV exports read them. */
export interface OrderFilters {
  q: string;
  status: OrderStatus | "";
  sort: OrderSort;
}

/** GET /api/admin/orders answers { orders: [...] }; docs/product.md also allows a bare list. Bad rows are skipped. */
function ordersFrom(body: unknown): AdminOrder[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === "object" && body !== null && "orders" in body && Array.isArray(body.orders)
      ? (body.orders as unknown[])
      : [];
  const out: AdminOrder[] = [];
  for (const row of list) {
    const parsed = adminOrderSchema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** The dashboard's latest orders: the rows it can read of them. */
export const recentOrdersSchema = z.unknown().transform(ordersFrom);

/** The actions on an order that take only a note (orderActionRequestSchema), by their path. */
export type OrderNoteAction = "mark-paid" | "resend-delivery" | "cancel" | "release" | "refund";

export const orders = {
  page: endpoint({
    method: "GET",
    path: ({ limit, filters, cursor }: { limit: number; filters: OrderFilters; cursor: string | null }) =>
      withQuery(ORDERS, {
        limit,
        sort: filters.sort,
        q: filters.q.trim(),
        status: filters.status,
        cursor: cursor ?? undefined,
      }),
    response: adminOrderPageSchema,
  }),
  recent: endpoint({
    method: "GET",
    path: (limit: number) => withQuery(ORDERS, { limit }),
    response: recentOrdersSchema,
  }),
  one: endpoint({ method: "GET", path: orderPath, response: adminOrderDetailSchema }),
  /** Each action answers the order as it now stands. "refund" is the payments module's route, at the same place. */
  act: endpoint({
    method: "POST",
    path: ({ code, action }: { code: string; action: OrderNoteAction }) => `${orderPath(code)}/${action}`,
    request: orderActionRequestSchema,
    response: adminOrderDetailSchema,
  }),
  replaceCode: endpoint({
    method: "POST",
    path: (code: string) => `${orderPath(code)}/replace-code`,
    request: replaceCodeRequestSchema,
    response: adminOrderDetailSchema,
  }),
  fulfil: endpoint({
    method: "POST",
    path: (code: string) => `${orderPath(code)}/fulfil`,
    request: fulfilOrderRequestSchema,
    response: adminOrderDetailSchema,
  }),
  awaitingFulfilment: endpoint({
    method: "GET",
    path: () => "/api/admin/awaiting-fulfilment",
    response: awaitingFulfilmentSchema,
  }),
};

/** The address of a CSV of every order matching the filters (not only the page shown), or of their sales per day in
 * the operator's time zone (GET /api/admin/orders.csv, /api/admin/sales.csv). A link's href: the browser downloads
 * it with the session cookie. */
export function ordersCsvHref(kind: "orders" | "sales", { q, status, sort }: OrderFilters): string {
  return withQuery(`/api/admin/${kind}.csv`, {
    q: q.trim(),
    status,
    ...(kind === "orders" ? { sort } : { tz: consoleTimeZone() }),
  });
}

export const payments = {
  unmatched: endpoint({
    method: "GET",
    path: () => "/api/admin/payments/unmatched",
    response: unmatchedPaymentsSchema,
  }),
  resolveUnmatched: endpoint({
    method: "POST",
    path: ({ id, action }: { id: number; action: "deliver" | "refund" }) =>
      `/api/admin/payments/unmatched/${segment(id)}/${action}`,
    request: orderActionRequestSchema,
    response: unmatchedActionResultSchema,
  }),
};

/** GET /api/admin/metrics/{sales,top-products}?days=&tz= (salesQuerySchema). */
const salesQuery = (what: string) => (days: number) =>
  withQuery(`/api/admin/metrics/${what}`, { days, tz: consoleTimeZone() });

export const dashboard = {
  metrics: endpoint({ method: "GET", path: () => "/api/admin/metrics", response: metricsSchema }),
  sales: endpoint({ method: "GET", path: salesQuery("sales"), response: salesSchema }),
  topProducts: endpoint({ method: "GET", path: salesQuery("top-products"), response: topProductsSchema }),
  /** The rate limits' refusals since the start of the console's day. */
  limitsToday: endpoint({
    method: "GET",
    path: () => withQuery("/api/admin/limits/today", { tz: consoleTimeZone() }),
    response: limitRefusalsResponseSchema,
    noStore: true,
  }),
};

// ---------- Block list, promos, banners, newsletter, mailbox, uploads ----------

export const blockList = {
  list: endpoint({ method: "GET", path: () => "/api/admin/block-list", response: blockListResponseSchema }),
  add: endpoint({
    method: "POST",
    path: () => "/api/admin/block-list",
    request: blockEntryCreateSchema,
    response: blockEntrySchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: (id: string) => `/api/admin/block-list/${segment(id)}`,
    response: ignoredBody,
  }),
};

export const promos = entityEndpoints("/api/admin/promos", {
  list: z.array(promoSchema),
  item: promoSchema,
  create: promoCreateSchema,
  update: promoUpdateSchema,
});

export const banners = entityEndpoints("/api/admin/banners", {
  list: z.array(admin.adminBannerSchema),
  item: admin.adminBannerSchema,
  create: admin.bannerCreateSchema,
  update: admin.bannerUpdateSchema,
});

export const newsletter = {
  count: endpoint({ method: "GET", path: () => "/api/admin/newsletter", response: newsletterCountSchema }),
};

/** The subscribers as a CSV file: a link's href. */
export const newsletterCsvHref = (): string => "/api/admin/newsletter.csv";

export const mailbox = {
  list: endpoint({ method: "GET", path: () => "/api/admin/mailbox", response: z.array(devMailSummarySchema) }),
  one: endpoint({ method: "GET", path: (id: number) => `/api/admin/mailbox/${segment(id)}`, response: devMailSchema }),
};

export const uploads = {
  image: endpoint({
    method: "POST",
    path: () => "/api/upload-image",
    request: admin.uploadRequestSchema,
    response: admin.uploadResponseSchema,
  }),
};

// ---------- Settings and the operator's account ----------

/** One setting: read with GET and saved with PUT at the same address, each answering the setting as stored. */
export interface SettingEndpoints<T, Req = T> {
  read: Endpoint<void, undefined, T>;
  save: Endpoint<void, Req, T>;
}

function setting<T, Req>(path: string, response: BodyReader<T>, request: RequestSchema<Req>): SettingEndpoints<T, Req> {
  return {
    read: endpoint({ method: "GET", path: () => path, response }),
    save: endpoint({ method: "PUT", path: () => path, request, response }),
  };
}

const ALERT_SETTINGS = "/api/admin/alert-settings";

export const settings = {
  toggles: setting("/api/admin/toggles", togglesSchema, admin.togglesUpdateSchema),
  rate: setting("/api/admin/rate", rateSchema, admin.rateUpdateSchema),
  paymentInstructions: setting("/api/admin/payment-instructions", paymentInstructionsSchema, paymentInstructionsSchema),
  manualDelivery: setting("/api/admin/manual-delivery", manualDeliverySchema, manualDeliverySchema),
  orderLimits: setting("/api/admin/order-limits", orderLimitsSchema, orderLimitsSchema),
  /** GET and PUT answer the settings with the channels the server can use; the form holds the settings. */
  alerts: setting(
    ALERT_SETTINGS,
    alertSettingsAnswerSchema.transform((answer) => answer.settings),
    alertSettingsSchema,
  ),
  /** The settings with the channels the server can send through. */
  alertsAnswer: endpoint({ method: "GET", path: () => ALERT_SETTINGS, response: alertSettingsAnswerSchema }),
};

export const account = {
  profile: setting("/api/admin/profile", admin.adminProfileSchema, admin.profileUpdateSchema),
  password: endpoint({
    method: "PUT",
    path: () => "/api/admin/password",
    request: admin.passwordChangeSchema,
    response: ignoredBody,
  }),
};
