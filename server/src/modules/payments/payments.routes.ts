/** Payment routes (docs/decisions.md D11): GET /api/payments/options (public: the provider and the currencies
 * it takes), GET /api/payments/konnect/webhook?payment_ref=... (counted per client address by `konnectLimit`:
 * unsigned, anyone can call it), POST /api/payments/stripe/webhook (verified over the raw body) and
 * GET /api/admin/payments/unmatched (money no order holds; behind the admin guard, which app.ts applies to every
 * /api/admin/ path before any route). */
import { Hono } from "hono";
import type { UnmatchedPayments } from "@store/shared/schemas/payments";
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
  app.get("/api/admin/payments/unmatched", async (c) => {
    c.header("Cache-Control", "no-store");
    const payments: UnmatchedPayments["payments"] = await service.unmatched();
    return c.json({ payments } satisfies UnmatchedPayments);
  });
  return app;
}
