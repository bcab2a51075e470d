/** POST /api/promos/validate {code} -> {code, percent} or 400 {error: 'Invalid or inactive code'}. The promo budget
 * counts misses only: a shopper who types a valid code spends nothing, a guesser is stopped after the budget. */
import { Hono } from "hono";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { promoValidateRequestSchema } from "@store/shared/schemas/promos";
import { AppError } from "../../http/errors.ts";
import { readJson } from "../../http/validate.ts";
import { countingMisses, type RateLimiter } from "../../http/rate-limit.ts";
import type { PromosService } from "./promos.service.ts";

/** A promo code that does not work now: a guess that missed. */
const isPromoMiss = (err: unknown): boolean => err instanceof AppError && err.code === ERROR_CODES.promoInvalid;

export function promosRoutes(service: PromosService, limiter: RateLimiter): Hono {
  const app = new Hono();
  app.post("/api/promos/validate", async (c) => {
    const { code } = await readJson(c, promoValidateRequestSchema);
    return c.json(await countingMisses(limiter, limiter.addressOf(c), () => service.validate(code), isPromoMiss));
  });
  return app;
}
