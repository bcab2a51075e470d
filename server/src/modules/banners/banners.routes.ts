import { Hono } from "hono";
import { bannerCreateSchema, bannerUpdateSchema } from "@store/shared/schemas/admin";
import { mountEditRoutes } from "../../http/edit-routes.ts";
import type { AdminEnv } from "../../http/session.ts";
import { readVersionQuery } from "../../http/validate.ts";
import type { BannersService } from "./banners.service.ts";

export function bannersRoutes(service: BannersService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/banners", async (c) => c.json(await service.list()));

  mountEditRoutes(app, "/api/admin/banners", [bannerCreateSchema, bannerUpdateSchema], {
    create: (input) => service.create(input),
    update: (id, input) => service.update(id, input),
    remove: (id, c) => service.delete(id, readVersionQuery(c)),
  });

  return app;
}
