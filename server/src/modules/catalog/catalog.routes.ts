import { Hono } from "hono";
import { firstQuerySchema, syncQuerySchema } from "@store/shared/schemas/catalog";
import { sendAnswer } from "../../http/encoded-answer.ts";
import { parseWith } from "../../http/validate.ts";
import type { CatalogService } from "./catalog.service.ts";

export function catalogRoutes(service: CatalogService): Hono {
  const app = new Hono();

  app.get("/api/sync", async (c) => {
    const query = { since: c.req.query("since"), after: c.req.query("after"), limit: c.req.query("limit") };
    const { since = 0, after, limit } = parseWith(syncQuerySchema, query, "Invalid sync version");
    return sendAnswer(c, await service.syncAnswer(since, { after, limit }), "no-cache");
  });

  app.get("/api/first", async (c) => {
    const { product } = parseWith(firstQuerySchema, { product: c.req.query("product") }, "Invalid product");
    return sendAnswer(c, await service.firstAnswer(product), "no-cache");
  });

  app.get("/api/categories", async (c) => sendAnswer(c, await service.categoriesAnswer(), "no-cache"));

  return app;
}
