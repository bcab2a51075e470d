import { Hono } from "hono";
import { syncQuerySchema } from "@store/shared/schemas/catalog";
import { parseWith } from "../../http/validate.ts";
import type { CatalogRepo } from "./catalog.repo.ts";
import type { CatalogService } from "./catalog.service.ts";

export function catalogRoutes(service: CatalogService, repo: CatalogRepo): Hono {
  const app = new Hono();

  app.get("/api/sync", (c) => {
    const { since = 0 } = parseWith(syncQuerySchema, { since: c.req.query("since") }, "Invalid sync version");
    const version = service.currentVersion();
    const etag = `W/"catalog-${since}-${version}"`;
    c.header("Cache-Control", "no-cache");
    c.header("ETag", etag);
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    return c.json(service.changesSince(since));
  });

  app.get("/api/categories", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(repo.listCategories().map(({ id, name, slug, parentId }) => ({ id, name, slug, parentId })));
  });

  return app;
}
