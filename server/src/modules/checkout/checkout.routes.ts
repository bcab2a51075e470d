/** POST /api/checkout (see shared/src/schemas/checkout.ts for the request and response shapes). */
import { Hono } from "hono";
import { ORDER_REFUSED } from "@store/shared/schemas/block-list";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { AppError, TooManyRequestsError, problem } from "../../http/errors.ts";
import { idempotencyKeyFrom } from "../../http/idempotency.ts";
import { clientAddress, clientIp, takeAll, type RateLimiter } from "../../http/rate-limit.ts";
import { readRawJson } from "../../http/validate.ts";
import { canonicalMailbox } from "@store/shared/mailbox";
import type { BlockListService } from "../block-list/block-list.service.ts";
import type { CheckoutService } from "./checkout.service.ts";

/** The checkout's budgets (docs/decisions.md D28), so nobody can use the store to flood an inbox: every order mails
 * its confirmation to an address of the sender's choosing, and a promo code sent with it is a guess like one sent
 * to /api/promos/validate. */
export interface CheckoutLimits {
  perAddress: RateLimiter;
  /** Per recipient inbox (its canonical mailbox), every valid request. */
  perEmail: RateLimiter;
  /** Per recipient inbox, the confirmations written (docs/decisions.md D39). */
  confirmationsPerDay: RateLimiter;
  promo: RateLimiter;
  trustProxy: boolean;
  blockList: BlockListService;
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
    // One inbox however its address is spelled (tags, Gmail's dots): each spelling must not get a budget of its own.
    const inbox = canonicalMailbox(email);
    const pairs: [RateLimiter, string][] = [
      [limits.perAddress, address],
      [limits.perEmail, inbox],
    ];
    let blocked = false;
    // Counted by the order's guard (DataLayer.batchGuarded), and kept when the order is refused.
    const placed = await service.place(
      input,
      raw,
      key,
      async (tx) => {
        // A promo code spends the promo budget only when it misses; once the misses are spent, every code waits
        // (a working code let through would tell it apart).
        const promoWorks = promoCode ? await service.promoWorksNow(tx, promoCode, limits.promo.now()) : false;
        const counted: [RateLimiter, string][] = promoCode && !promoWorks ? [...pairs, [limits.promo, address]] : pairs;
        const wait = Math.max(await takeAll(counted, tx), promoWorks ? await limits.promo.spent(address, tx) : 0);
        if (wait > 0) return wait;
        // Then the block list, whose refused attempts are written down with the counts.
        blocked =
          (await limits.blockList.check(tx, {
            email,
            address: clientIp(c, limits.trustProxy),
            phone: input.whatsapp,
          })) !== undefined;
        return blocked ? 1 : 0;
      },
      (tx) => takeAll([[limits.confirmationsPerDay, inbox]], tx),
      address,
    );
    // Neutral: the answer does not say that a block list exists, let alone what matched.
    if (blocked) throw new AppError(403, problem(ORDER_REFUSED, ERROR_CODES.orderRefused));
    if ("wait" in placed) throw new TooManyRequestsError(CHECKOUT_THROTTLED, placed.wait);
    c.header("Cache-Control", "no-store");
    return c.json(placed, 200);
  });
  return app;
}
