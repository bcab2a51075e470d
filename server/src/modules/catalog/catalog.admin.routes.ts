import { Hono } from "hono";
import { z } from "zod";
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
} from "@store/shared/schemas/admin";
import type { AdminEnv } from "../../http/session.ts";
import { parseWith, readJson } from "../../http/validate.ts";
import type { CatalogAdminService } from "./catalog.admin.service.ts";

const versionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/, "version must be a whole number")
    .transform(Number)
    .optional(),
});

/** Product editing (/api/admin/products) and category mutations (/api/categories); the guard in app.ts
 * requires a session and the CSRF token for all of them. */
export function catalogAdminRoutes(service: CatalogAdminService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/products", (c) => c.json(service.listProducts()));
  app.get("/api/admin/products/:id", (c) => c.json(service.getProduct(c.req.param("id"))));

  app.post("/api/admin/products", async (c) => {
    const input = await readJson(c, productCreateSchema);
    return c.json(await service.createProduct(input), 201);
  });

  app.put("/api/admin/products/:id", async (c) => {
    const input = await readJson(c, productUpdateSchema);
    return c.json(await service.updateProduct(c.req.param("id"), input));
  });

  app.delete("/api/admin/products/:id", (c) => {
    const { version } = parseWith(versionQuery, { version: c.req.query("version") });
    service.deleteProduct(c.req.param("id"), version);
    return c.json({ ok: true });
  });

  app.post("/api/categories", async (c) => {
    const input = await readJson(c, categoryCreateSchema);
    return c.json(service.createCategory(input), 201);
  });

  app.put("/api/categories/:id", async (c) => {
    const input = await readJson(c, categoryUpdateSchema);
    return c.json(service.updateCategory(c.req.param("id"), input));
  });

  app.delete("/api/categories/:id", (c) => {
    service.deleteCategory(c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
