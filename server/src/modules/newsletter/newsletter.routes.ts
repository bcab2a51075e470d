/** POST /api/newsletter {email, locale?} -> 201 {ok: true} (docs/decisions.md D13). A repeat signup gets the same answer: the
 * shopper is thanked again, and nobody learns from the answer whether an address was already subscribed. */
import { Hono } from "hono";
import { newsletterRequestSchema } from "@store/shared/schemas/newsletter";
import { readJson } from "../../http/validate.ts";
import type { RateLimiter } from "../../http/rate-limit.ts";
import type { NewsletterService } from "./newsletter.service.ts";

export function newsletterRoutes(service: NewsletterService, limiter: RateLimiter): Hono {
  const app = new Hono();
  app.post("/api/newsletter", limiter.middleware(), async (c) => {
    const { email, locale } = await readJson(c, newsletterRequestSchema);
    await service.subscribe(email, locale);
    return c.json({ ok: true as const }, 201);
  });
  return app;
}
