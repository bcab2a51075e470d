/** Payment routes (docs/decisions.md D11, D45, D46): GET /api/payments/options (public: the methods and the
 * currencies each takes), GET /api/payments/konnect/webhook?payment_ref=... (counted per client address by
 * `konnectLimit`: unsigned, anyone can call it), POST /api/payments/stripe/webhook (verified over the raw body),
 * POST /api/payments/paymob/webhook?hmac=... and GET /api/payments/paymob/return (both verified by their HMAC). The console's
 * are payments.admin.routes.ts. */
import { Hono } from "hono";
import type { RateLimiter } from "../../http/rate-limit.ts";
import { readBodyText } from "../../http/validate.ts";
import type { PaymentsService } from "./payments.service.ts";

export function paymentsRoutes(service: PaymentsService, konnectLimit: RateLimiter): Hono {
  const app = new Hono();
  app.get("/api/payments/options", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(service.options());
  });
  app.get("/api/payments/konnect/webhook", konnectLimit.middleware(), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ received: true, ...(await service.konnectNotification(c.req.query("payment_ref"))) });
  });
  app.post("/api/payments/stripe/webhook", async (c) => {
    // The signature covers the exact bytes Stripe sent: read them as text, parse only after the check.
    const raw = await readBodyText(c);
    return c.json({ received: true, ...(await service.stripeNotification(raw, c.req.header("Stripe-Signature"))) });
  });
  app.post("/api/payments/paymob/webhook", async (c) => {
    const raw = await readBodyText(c);
    return c.json({ received: true, ...(await service.paymobNotification(raw, c.req.query("hmac"))) });
  });
  app.get("/api/payments/paymob/return", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.redirect(await service.paymobReturn(new URL(c.req.url).searchParams), 303);
  });
  return app;
}
