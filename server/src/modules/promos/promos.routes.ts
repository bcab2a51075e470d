/** POST /api/promos/validate {code} -> {code, percent} or 400 {error: 'Invalid or inactive code'} (rate limited). */
import { Hono } from "hono";
import { promoValidateRequestSchema } from "@store/shared/schemas/promos";
import { readJson } from "../../http/validate.ts";
import type { RateLimiter } from "../../http/rate-limit.ts";
import type { PromosService } from "./promos.service.ts";

export function promosRoutes(service: PromosService, limiter: RateLimiter): Hono {
  const app = new Hono();
  app.post("/api/promos/validate", limiter.middleware(), async (c) => {
    const { code } = await readJson(c, promoValidateRequestSchema);
    return c.json(await service.validate(code));
  });
  return app;
}
