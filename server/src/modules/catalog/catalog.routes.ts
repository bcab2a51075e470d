import { Hono } from "hono";
import { firstQuerySchema, syncQuerySchema } from "@store/shared/schemas/catalog";
import { sendAnswer } from "../../http/encoded-answer.ts";
import { parseWith } from "../../http/validate.ts";
import type { CatalogService } from "./catalog.service.ts";

export function catalogRoutes(service: CatalogService): Hono {
  const app = new Hono();

  app.get("/api/sync", async (c) => {
    const { since = 0, after, limit, compact } = parseWith(syncQuerySchema, c.req.query(), "Invalid sync version");
    return sendAnswer(c, await service.syncAnswer(since, { after, limit }, compact), "no-cache");
  });

  app.get("/api/first", async (c) => {
    const { product, compact } = parseWith(firstQuerySchema, c.req.query(), "Invalid product");
    return sendAnswer(c, await service.firstAnswer(product, compact), "no-cache");
  });

  app.get("/api/categories", async (c) => sendAnswer(c, await service.categoriesAnswer(), "no-cache"));

  return app;
}
