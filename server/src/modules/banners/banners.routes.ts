import { Hono } from "hono";
import { z } from "zod";
import { bannerCreateSchema, bannerUpdateSchema } from "@store/shared/schemas/admin";
import type { AdminEnv } from "../../http/session.ts";
import { parseWith, readJson } from "../../http/validate.ts";
import type { BannersService } from "./banners.service.ts";

const versionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/, "version must be a whole number")
    .transform(Number)
    .optional(),
});

export function bannersRoutes(service: BannersService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/banners", (c) => c.json(service.list()));

  app.post("/api/admin/banners", async (c) => {
    const input = await readJson(c, bannerCreateSchema);
    return c.json(await service.create(input), 201);
  });

  app.put("/api/admin/banners/:id", async (c) => {
    const input = await readJson(c, bannerUpdateSchema);
    return c.json(await service.update(c.req.param("id"), input));
  });

  app.delete("/api/admin/banners/:id", (c) => {
    const { version } = parseWith(versionQuery, { version: c.req.query("version") });
    service.delete(c.req.param("id"), version);
    return c.json({ ok: true });
  });

  return app;
}
