import { Hono } from "hono";
import {
  adminProductListQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
} from "@store/shared/schemas/admin";
import type { AdminEnv } from "../../http/session.ts";
import { mountEditRoutes } from "../../http/edit-routes.ts";
import { parseWith, readVersionQuery } from "../../http/validate.ts";
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

  mountEditRoutes(app, "/api/admin/products", [productCreateSchema, productUpdateSchema], {
    create: (input) => service.createProduct(input),
    update: (id, input) => service.updateProduct(id, input),
    remove: (id, c) => service.deleteProduct(id, readVersionQuery(c)),
  });

  mountEditRoutes(app, "/api/categories", [categoryCreateSchema, categoryUpdateSchema], {
    create: (input) => service.createCategory(input),
    update: (id, input) => service.updateCategory(id, input),
    remove: (id) => service.deleteCategory(id),
  });

  return app;
}
