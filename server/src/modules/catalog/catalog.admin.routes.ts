import { Hono } from "hono";
import {
  adminProductListQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
} from "@store/shared/schemas/admin";
import type { AdminEnv } from "../../http/session.ts";
import { parseWith, readJson, readVersionQuery } from "../../http/validate.ts";
import type { CatalogAdminService } from "./catalog.admin.service.ts";

/** Product editing (/api/admin/products) and category mutations (/api/categories); the guard in app.ts
 * requires a session and the CSRF token for all of them. */
export function catalogAdminRoutes(service: CatalogAdminService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/products", async (c) => {
    const query = parseWith(adminProductListQuerySchema, c.req.query());
    return c.json(await service.listPage(query));
  });
  app.get("/api/admin/products/:id", async (c) => c.json(await service.getProduct(c.req.param("id"))));

  app.post("/api/admin/products", async (c) => {
    const input = await readJson(c, productCreateSchema);
    return c.json(await service.createProduct(input), 201);
  });

  app.put("/api/admin/products/:id", async (c) => {
    const input = await readJson(c, productUpdateSchema);
    return c.json(await service.updateProduct(c.req.param("id"), input));
  });

  app.delete("/api/admin/products/:id", async (c) => {
    await service.deleteProduct(c.req.param("id"), readVersionQuery(c));
    return c.json({ ok: true });
  });

  app.post("/api/categories", async (c) => {
    const input = await readJson(c, categoryCreateSchema);
    return c.json(await service.createCategory(input), 201);
  });

  app.put("/api/categories/:id", async (c) => {
    const input = await readJson(c, categoryUpdateSchema);
    return c.json(await service.updateCategory(c.req.param("id"), input));
  });

  app.delete("/api/categories/:id", async (c) => {
    await service.deleteCategory(c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
