/** The stock panel's routes (docs/product.md, Admin API): counts, masked list, import, revoke and the CSV export of
 * unsold codes. The guard in app.ts requires a session (+ CSRF token on changes). */
import { Hono } from "hono";
import type { AdminEnv } from "../../http/session.ts";
import { readRawJson } from "../../http/validate.ts";
import type { CodesService } from "./codes.service.ts";

export function codesRoutes(service: CodesService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/stock/summary", async (c) => c.json(await service.summary()));

  app.get("/api/admin/products/:id/stock", async (c) => c.json(await service.stock(c.req.param("id"))));

  app.get("/api/admin/products/:id/codes", async (c) =>
    c.json(
      await service.list(c.req.param("id"), {
        status: c.req.query("status"),
        variantId: c.req.query("variantId"),
        limit: c.req.query("limit"),
        before: c.req.query("before"),
      }),
    ),
  );

  app.post("/api/admin/products/:id/codes/import", async (c) =>
    c.json(await service.import(c.req.param("id"), await readRawJson(c))),
  );

  app.post("/api/admin/products/:id/codes/revoke", async (c) =>
    c.json(await service.revoke(c.req.param("id"), await readRawJson(c))),
  );

  app.get("/api/admin/products/:id/codes.csv", async (c) => {
    const id = c.req.param("id");
    const csv = await service.exportCsv(id);
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="codes-${id.replace(/[^A-Za-z0-9_-]/g, "_")}.csv"`);
    return c.body(csv);
  });

  return app;
}
