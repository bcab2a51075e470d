/** The console's orders: the dashboard's figures, the order list and an order's page, the actions on an order
 * (each written to its history with the operator's name, docs/decisions.md D10), and the stock read-outs. The
 * admin guard in app.ts requires a session (+ CSRF) for every /api/admin/* route. */
import { Hono, type Context } from "hono";
import {
  adminOrderListQuerySchema,
  salesQuerySchema,
  orderActionRequestSchema,
  replaceCodeRequestSchema,
  fulfilOrderRequestSchema,
} from "@store/shared/schemas/orders";
import { currentSession, type AdminEnv } from "../../http/session.ts";
import { parseWith, readOptionalJson } from "../../http/validate.ts";
import type { OrdersService } from "./orders.service.ts";

/** The acting operator and their note, for the order's history; an empty body is an empty note. */
export async function orderActor(c: Context<AdminEnv>): Promise<{ username: string; note: string }> {
  const { note } = parseWith(orderActionRequestSchema, await readOptionalJson(c));
  return { username: currentSession(c).admin.username, note };
}

export function ordersAdminRoutes(orders: OrdersService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/metrics", async (c) => c.json(await orders.metrics()));
  app.get("/api/admin/metrics/sales", async (c) => {
    const { days = 30, tz = 0 } = parseWith(salesQuerySchema, c.req.query());
    return c.json(await orders.sales(days, tz));
  });
  app.get("/api/admin/metrics/top-products", async (c) => {
    const { days = 30, tz = 0 } = parseWith(salesQuerySchema, c.req.query());
    return c.json(await orders.topProducts(days, tz));
  });

  app.get("/api/admin/orders", async (c) => {
    const query = parseWith(adminOrderListQuerySchema, c.req.query());
    return c.json(await orders.list(query));
  });
  app.get("/api/admin/orders/:code", async (c) => c.json(await orders.findByCode(c.req.param("code"))));

  app.post("/api/admin/orders/:code/mark-paid", async (c) =>
    c.json(await orders.markPaid(c.req.param("code"), await orderActor(c))),
  );
  app.post("/api/admin/orders/:code/resend-delivery", async (c) =>
    c.json(await orders.resendDelivery(c.req.param("code"), await orderActor(c))),
  );
  app.post("/api/admin/orders/:code/replace-code", async (c) => {
    const { codeId, note } = parseWith(replaceCodeRequestSchema, await readOptionalJson(c));
    const username = currentSession(c).admin.username;
    return c.json(await orders.replaceCode(c.req.param("code"), codeId, { username, note }));
  });
  app.post("/api/admin/orders/:code/cancel", async (c) =>
    c.json(await orders.cancel(c.req.param("code"), await orderActor(c))),
  );
  app.post("/api/admin/orders/:code/release", async (c) =>
    c.json(await orders.release(c.req.param("code"), await orderActor(c))),
  );
  // "Mark refunded" is the payments module's (payments.admin.routes.ts): an order a provider paid is refunded there.
  app.post("/api/admin/orders/:code/fulfil", async (c) => {
    const request = parseWith(fulfilOrderRequestSchema, await readOptionalJson(c));
    const username = currentSession(c).admin.username;
    return c.json(await orders.fulfilManual(c.req.param("code"), request, { username, note: request.note }));
  });

  app.get("/api/admin/stock/alerts", async (c) => c.json(await orders.stockAlerts()));
  app.get("/api/admin/held-stock", async (c) => c.json(await orders.heldStock()));
  app.get("/api/admin/awaiting-fulfilment", async (c) => c.json(await orders.awaitingFulfilment()));

  return app;
}
