/** POST /api/checkout (see shared/src/schemas/checkout.ts for the request and response shapes). */
import { Hono } from "hono";
import { TooManyRequestsError } from "../../http/errors.ts";
import { idempotencyKeyFrom } from "../../http/idempotency.ts";
import { clientAddress, takeAll, type RateLimiter } from "../../http/rate-limit.ts";
import { readRawJson } from "../../http/validate.ts";
import type { CheckoutService } from "./checkout.service.ts";

/** The checkout's budgets (issue 15, finding 2): every order mails its confirmation to an address of the
 * sender's choosing, and a promo code sent with it is a guess like one sent to /api/promos/validate. */
export interface CheckoutLimits {
  perAddress: RateLimiter;
  perEmail: RateLimiter;
  promo: RateLimiter;
  trustProxy: boolean;
}

export const CHECKOUT_THROTTLED = "Too many orders. Please try again later.";

export function checkoutRoutes(service: CheckoutService, limits: CheckoutLimits): Hono {
  const app = new Hono();
  app.post("/api/checkout", async (c) => {
    const key = idempotencyKeyFrom(c);
    const raw = await readRawJson(c);
    // Valid orders are counted (a refused body sends no mail and writes nothing).
    const input = service.parse(raw);
    const { email, promoCode } = input;
    const address = clientAddress(c, limits.trustProxy);
    const pairs: [RateLimiter, string][] = [
      [limits.perAddress, address],
      [limits.perEmail, email.toLowerCase()],
    ];
    if (promoCode) pairs.push([limits.promo, address]);
    // Counted in the order's own unit of the write batch (one commit for both), and kept when the order is refused.
    const placed = await service.place(input, raw, key, (tx) => takeAll(pairs, tx), address);
    if ("wait" in placed) throw new TooManyRequestsError(CHECKOUT_THROTTLED, placed.wait);
    c.header("Cache-Control", "no-store");
    return c.json(placed, 200);
  });
  return app;
}
