import { Hono } from "hono";
import { syncQuerySchema } from "@store/shared/schemas/catalog";
import { sendAnswer } from "../../http/encoded-answer.ts";
import { parseWith } from "../../http/validate.ts";
import type { CatalogService } from "./catalog.service.ts";

export function catalogRoutes(service: CatalogService): Hono {
  const app = new Hono();

  app.get("/api/sync", async (c) => {
    const { since = 0 } = parseWith(syncQuerySchema, { since: c.req.query("since") }, "Invalid sync version");
    return sendAnswer(c, await service.syncAnswer(since), "no-cache");
  });

  app.get("/api/categories", async (c) => sendAnswer(c, await service.categoriesAnswer(), "no-cache"));

  return app;
}
