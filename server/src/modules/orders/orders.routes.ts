/** Public order routes: GET /api/orders/{code} -> {code, firstName} (rate limited, docs/decisions.md D9),
 * GET /api/orders/private/{token} -> the private order page's data, and POST /api/orders/private/{token}/cancel
 * (the shopper gives up an unpaid order; its codes go back to stock). */
import { Hono } from "hono";
import type { RateLimiter } from "../../http/rate-limit.ts";
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
