/** Payment routes (docs/decisions.md D11): GET /api/payments/options (public: the provider and the currencies
 * it takes), GET /api/payments/konnect/webhook?payment_ref=... (counted per client address by `konnectLimit`:
 * unsigned, anyone can call it), and POST /api/payments/stripe/webhook (verified over the raw body). The console's
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
  return app;
}
