import { Hono } from "hono";
import { sendAnswer } from "../../http/encoded-answer.ts";
import type { SeoService } from "./seo.service.ts";

export function seoRoutes(seo: SeoService): Hono {
  const app = new Hono();
  app.get("/sitemap.xml", async (c) => {
    return sendAnswer(c, await seo.sitemapAnswer(), "public, max-age=600");
  });
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(seo.robots());
  });
  return app;
}
