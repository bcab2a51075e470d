/** The admin console's read-outs and actions that live in other modules: dashboard (metrics, orders),
 * promo codes, newsletter subscribers and the dev mailbox. The guard in app.ts requires a session (+ CSRF). */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { promoCreateSchema, promoUpdateSchema, type Promo } from "@store/shared/schemas/promos";
import {
  adminOrderListQuerySchema,
  salesQuerySchema,
  orderActionRequestSchema,
  replaceCodeRequestSchema,
  fulfilOrderRequestSchema,
} from "@store/shared/schemas/orders";
import { NotFoundError } from "../../http/errors.ts";
import { currentSession, type AdminEnv } from "../../http/session.ts";
import { parseWith, readOptionalJson, readRawJson } from "../../http/validate.ts";
import type { MailboxService } from "../mail/mailbox.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { PromosService } from "../promos/promos.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { csvLine } from "../../lib/csv.ts";

export interface AdminRouteDeps {
  orders: OrdersService;
  promos: PromosService;
  newsletter: NewsletterService;
  mailbox: MailboxService;
  /** 'Mark refunded' goes through payments: an order Stripe paid is refunded at Stripe first. */
  payments: PaymentsService;
}

const limitQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, "limit must be a whole number")
    .transform(Number)
    .optional(),
});

const mailIdParam = z
  .string()
  .regex(/^\d{1,12}$/, "Mail not found")
  .transform(Number);

/** The legacy promo shape (docs/product.md) names the code `id`; both are sent. */
function withId(p: Promo): Promo & { id: string } {
  return { ...p, id: p.code };
}

/** An action's JSON body; an empty body is an empty object. */
const actionBody = readOptionalJson;

/** The acting operator and their note, for the order's audit log. */
async function actor(c: Context<AdminEnv>): Promise<{ username: string; note: string }> {
  const { note } = parseWith(orderActionRequestSchema, await actionBody(c));
  return { username: currentSession(c).admin.username, note };
}

/** The admin's prompt gives text: "10" is accepted as 10. */
function percentAsNumber(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  const p = body.percent;
  if (typeof p === "string" && p.trim() !== "" && Number.isFinite(Number(p))) return { ...body, percent: Number(p) };
  return raw;
}

export function adminRoutes(deps: AdminRouteDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  // ---------- Dashboard ----------
  app.get("/api/admin/metrics", async (c) => c.json(await deps.orders.metrics()));
  app.get("/api/admin/metrics/sales", async (c) => {
    const { days = 30, tz = 0 } = parseWith(salesQuerySchema, c.req.query());
    return c.json(await deps.orders.sales(days, tz));
  });
  app.get("/api/admin/metrics/top-products", async (c) => {
    const { days = 30, tz = 0 } = parseWith(salesQuerySchema, c.req.query());
    return c.json(await deps.orders.topProducts(days, tz));
  });

  app.get("/api/admin/orders", async (c) => {
    const query = parseWith(adminOrderListQuerySchema, c.req.query());
    return c.json(await deps.orders.list(query));
  });

  app.get("/api/admin/orders/:code", async (c) => c.json(await deps.orders.findByCode(c.req.param("code"))));

  // Order actions (docs/decisions.md D10): each is written to the order's audit log with the operator's name.
  app.post("/api/admin/orders/:code/mark-paid", async (c) =>
    c.json(await deps.orders.markPaid(c.req.param("code"), await actor(c))),
  );
  app.post("/api/admin/orders/:code/resend-delivery", async (c) =>
    c.json(await deps.orders.resendDelivery(c.req.param("code"), await actor(c))),
  );
  app.post("/api/admin/orders/:code/replace-code", async (c) => {
    const { codeId, note } = parseWith(replaceCodeRequestSchema, await actionBody(c));
    const username = currentSession(c).admin.username;
    return c.json(await deps.orders.replaceCode(c.req.param("code"), codeId, { username, note }));
  });
  app.post("/api/admin/orders/:code/cancel", async (c) =>
    c.json(await deps.orders.cancel(c.req.param("code"), await actor(c))),
  );
  app.post("/api/admin/orders/:code/release", async (c) =>
    c.json(await deps.orders.release(c.req.param("code"), await actor(c))),
  );
  app.post("/api/admin/orders/:code/refund", async (c) =>
    c.json(await deps.payments.refundOrder(c.req.param("code"), await actor(c))),
  );

  app.post("/api/admin/orders/:code/fulfil", async (c) => {
    const request = parseWith(fulfilOrderRequestSchema, await actionBody(c));
    const username = currentSession(c).admin.username;
    return c.json(await deps.orders.fulfilManual(c.req.param("code"), request, { username, note: request.note }));
  });

  app.get("/api/admin/stock/alerts", async (c) => c.json(await deps.orders.stockAlerts()));
  app.get("/api/admin/held-stock", async (c) => c.json(await deps.orders.heldStock()));
  app.get("/api/admin/awaiting-fulfilment", async (c) => c.json(await deps.orders.awaitingFulfilment()));

  // ---------- Promos ----------
  app.get("/api/admin/promos", async (c) => c.json((await deps.promos.list()).map(withId)));

  app.post("/api/admin/promos", async (c) => {
    const raw = await readRawJson(c);
    const input = parseWith(promoCreateSchema, percentAsNumber(raw));
    return c.json(withId(await deps.promos.create(input)), 201);
  });

  app.put("/api/admin/promos/:code", async (c) => {
    const raw = await readRawJson(c);
    const input = parseWith(promoUpdateSchema, percentAsNumber(raw));
    return c.json(withId(await deps.promos.update(c.req.param("code"), input)));
  });

  app.delete("/api/admin/promos/:code", async (c) => {
    await deps.promos.remove(c.req.param("code"));
    return c.json({ ok: true });
  });

  // ---------- Newsletter ----------
  app.get("/api/admin/newsletter", async (c) => c.json({ count: await deps.newsletter.count() }));

  app.get("/api/admin/newsletter.csv", async (c) => {
    const lines = [csvLine(["email", "locale", "subscribed_at"])];
    for (const s of await deps.newsletter.all())
      lines.push(csvLine([s.email, s.locale, new Date(s.createdAt).toISOString()]));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="newsletter.csv"');
    return c.body(`${lines.join("\r\n")}\r\n`);
  });

  // ---------- Dev mailbox ----------
  app.get("/api/admin/mailbox", async (c) => {
    const { limit = 50 } = parseWith(limitQuery, { limit: c.req.query("limit") });
    return c.json(await deps.mailbox.list(limit));
  });

  app.get("/api/admin/mailbox/:id", async (c) => {
    const parsed = mailIdParam.safeParse(c.req.param("id"));
    const mail = parsed.success ? await deps.mailbox.get(parsed.data) : undefined;
    if (!mail) throw new NotFoundError("Mail not found");
    return c.json(mail);
  });

  return app;
}
