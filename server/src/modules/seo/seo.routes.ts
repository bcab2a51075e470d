import { Hono } from "hono";
import type { SeoService } from "./seo.service.ts";

export function seoRoutes(seo: SeoService): Hono {
  const app = new Hono();
  app.get("/sitemap.xml", async (c) => {
    const xml = await seo.sitemap();
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=600");
    return c.body(xml);
  });
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(seo.robots());
  });
  return app;
}
