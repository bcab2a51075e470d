/** Public order routes: GET /api/orders/{code} -> {code, firstName} (rate limited, docs/decisions.md D9),
 * GET /api/orders/private/{token} -> the private order page's data, and POST /api/orders/private/{token}/cancel
 * (the shopper gives up an unpaid order; its codes go back to stock). */
import { Hono } from "hono";
import { FIND_ORDER_MESSAGES, findOrderRequestSchema, type FindOrderResponse } from "@store/shared/schemas/orders";
import { clientAddress, type RateLimiter } from "../../http/rate-limit.ts";
import { readJson } from "../../http/validate.ts";
import type { OrderRecovery } from "./order-recovery.ts";
import type { OrdersService } from "./orders.service.ts";

export function ordersRoutes(service: OrdersService, limiter: RateLimiter): Hono {
  const app = new Hono();
  app.get("/api/orders/private/:token", limiter.middleware(), async (c) => {
    // The answer may carry codes: never cached, and the token in the address never sent on as a referrer.
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.json(await service.privateOrder(c.req.param("token")));
  });
  app.post("/api/orders/private/:token/cancel", limiter.middleware(), async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.json(await service.cancelByShopper(c.req.param("token")));
  });
  app.get("/api/orders/:code", limiter.middleware(), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await service.publicLookup(c.req.param("code")));
  });
  return app;
}

/** POST /api/orders/find (Find my order, order-recovery.ts): public like the checkout; the same 202 and body for
 * every valid request, 429 only past the per-address budget. */
export function findOrderRoute(recovery: OrderRecovery, trustProxy: boolean): Hono {
  const app = new Hono();
  app.post("/api/orders/find", async (c) => {
    const input = await readJson(c, findOrderRequestSchema);
    await recovery.request(input, clientAddress(c, trustProxy));
    c.header("Cache-Control", "no-store");
    const answer: FindOrderResponse = { ok: true, message: FIND_ORDER_MESSAGES.sent };
    return c.json(answer, 202);
  });
  return app;
}
