/** POST /api/checkout (see shared/src/schemas/checkout.ts for the request and response shapes). */
import { Hono } from "hono";
import { idempotencyKeyFrom } from "../../http/idempotency.ts";
import { readRawJson } from "../../http/validate.ts";
import type { CheckoutService } from "./checkout.service.ts";

export function checkoutRoutes(service: CheckoutService): Hono {
  const app = new Hono();
  app.post("/api/checkout", async (c) => {
    const key = idempotencyKeyFrom(c);
    const raw = await readRawJson(c);
    c.header("Cache-Control", "no-store");
    return c.json(await service.place(raw, key), 200);
  });
  return app;
}
