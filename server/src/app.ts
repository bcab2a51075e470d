/** Composition root: builds the Hono app and mounts each module explicitly. */
import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { errorResponse } from "./http/errors.ts";
import { mountStatic } from "./http/static.ts";
import { CatalogRepo } from "./modules/catalog/catalog.repo.ts";
import { CatalogService } from "./modules/catalog/catalog.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { SettingsRepo } from "./modules/settings/settings.repo.ts";
import { SeoService } from "./modules/seo/seo.service.ts";
import { seoRoutes } from "./modules/seo/seo.routes.ts";

export interface AppDeps {
  config: Config;
  db: Db;
}

export interface Services {
  catalogRepo: CatalogRepo;
  settingsRepo: SettingsRepo;
  catalog: CatalogService;
  seo: SeoService;
}

export function buildServices({ config, db }: AppDeps): Services {
  const catalogRepo = new CatalogRepo(db);
  const settingsRepo = new SettingsRepo(db);
  return {
    catalogRepo,
    settingsRepo,
    catalog: new CatalogService(catalogRepo, settingsRepo),
    seo: new SeoService(catalogRepo, config.publicUrl),
  };
}

export function buildApp(deps: AppDeps, services: Services = buildServices(deps)): Hono {
  const app = new Hono();
  app.onError(errorResponse);
  app.notFound((c) => c.json({ error: "Not found" }, 404));
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  });
  app.use("/api/*", bodyLimit({ maxSize: 8 * 1024 * 1024, onError: (c) => c.json({ error: "Request body too large" }, 413) }));
  app.use("*", compress());

  app.route("/", catalogRoutes(services.catalog, services.catalogRepo));
  app.route("/", seoRoutes(services.seo));

  mountStatic(app, {
    clientDist: deps.config.clientDist,
    uploadsDir: path.join(deps.config.dataDir, "uploads"),
    pageHtml: (c, html) => services.seo.render(html, c.req.path),
  });
  return app;
}
