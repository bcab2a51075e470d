/** POST /api/newsletter {email, locale?} -> 201 {ok: true}; 409 when already subscribed (docs/decisions.md D13). */
import { Hono } from "hono";
import { NEWSLETTER_ALREADY_SUBSCRIBED, newsletterRequestSchema } from "@store/shared/schemas/newsletter";
import { ConflictError } from "../../http/errors.ts";
import { readJson } from "../../http/validate.ts";
import type { RateLimiter } from "../../http/rate-limit.ts";
import type { NewsletterRepo } from "./newsletter.repo.ts";

export function newsletterRoutes(repo: NewsletterRepo, limiter: RateLimiter): Hono {
  const app = new Hono();
  app.post("/api/newsletter", limiter.middleware(), async (c) => {
    const { email, locale } = await readJson(c, newsletterRequestSchema);
    if (!repo.subscribe(email, locale)) throw new ConflictError(NEWSLETTER_ALREADY_SUBSCRIBED);
    return c.json({ ok: true as const }, 201);
  });
  return app;
}
