/** The block list's admin routes and the dashboard's "limits hit today" (docs/product.md, Admin API). The guard in
 * app.ts requires a session (+ CSRF token on changes). */
import { Hono } from "hono";
import { z } from "zod";
import { blockEntryCreateSchema } from "@store/shared/schemas/block-list";
import { currentSession, type AdminEnv } from "../../http/session.ts";
import { parseWith, readJson } from "../../http/validate.ts";
import type { RateLimitsService } from "../rate-limits/rate-limits.service.ts";
import type { BlockListService } from "./block-list.service.ts";

/** The console's UTC offset in minutes (as the sales chart sends it), for where its "today" starts. */
const todayQuery = z.object({
  tz: z
    .string()
    .regex(/^-?\d{1,4}$/, "tz must be minutes")
    .transform(Number)
    .refine((n) => Math.abs(n) <= 14 * 60, "tz must be minutes")
    .optional(),
});

/** The start of the day containing `now` for a console `tzMinutes` east of UTC. */
export function startOfToday(now: number, tzMinutes: number): number {
  const shift = tzMinutes * 60_000;
  const local = new Date(now + shift);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - shift;
}

export function blockListRoutes(service: BlockListService, rateLimits: RateLimitsService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/block-list", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await service.list());
  });

  app.post("/api/admin/block-list", async (c) => {
    const input = await readJson(c, blockEntryCreateSchema);
    return c.json(await service.add(input, currentSession(c).admin.username), 201);
  });

  app.delete("/api/admin/block-list/:id", async (c) => {
    await service.remove(c.req.param("id"));
    return c.json({ ok: true });
  });

  app.get("/api/admin/limits/today", async (c) => {
    const { tz = 0 } = parseWith(todayQuery, c.req.query());
    c.header("Cache-Control", "no-store");
    return c.json({ refusals: await rateLimits.refusalsSince(startOfToday(Date.now(), tz)) });
  });

  return app;
}
