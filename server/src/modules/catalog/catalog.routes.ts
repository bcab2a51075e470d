import { Hono } from "hono";
import { syncQuerySchema } from "@store/shared/schemas/catalog";
import { parseWith } from "../../http/validate.ts";
import type { CatalogService } from "./catalog.service.ts";

export function catalogRoutes(service: CatalogService): Hono {
  const app = new Hono();

  app.get("/api/sync", async (c) => {
    const { since = 0 } = parseWith(syncQuerySchema, { since: c.req.query("since") }, "Invalid sync version");
    const result = await service.sync(since, c.req.header("If-None-Match"));
    c.header("Cache-Control", "no-cache");
    c.header("ETag", result.etag);
    if (result.notModified) return c.body(null, 304);
    return c.json(result.body);
  });

  app.get("/api/categories", async (c) => {
    c.header("Cache-Control", "no-cache");
    const list = await service.listCategories();
    return c.json(list.map(({ id, name, slug, parentId }) => ({ id, name, slug, parentId })));
  });

  return app;
}
