import { Hono } from "hono";
import { bannerCreateSchema, bannerUpdateSchema } from "@store/shared/schemas/admin";
import type { AdminEnv } from "../../http/session.ts";
import { readJson, readVersionQuery } from "../../http/validate.ts";
import type { BannersService } from "./banners.service.ts";

export function bannersRoutes(service: BannersService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/banners", async (c) => c.json(await service.list()));

  app.post("/api/admin/banners", async (c) => {
    const input = await readJson(c, bannerCreateSchema);
    return c.json(await service.create(input), 201);
  });

  app.put("/api/admin/banners/:id", async (c) => {
    const input = await readJson(c, bannerUpdateSchema);
    return c.json(await service.update(c.req.param("id"), input));
  });

  app.delete("/api/admin/banners/:id", async (c) => {
    await service.delete(c.req.param("id"), readVersionQuery(c));
    return c.json({ ok: true });
  });

  return app;
}
