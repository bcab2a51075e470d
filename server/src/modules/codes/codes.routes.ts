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

  // Two exports of the unsold codes: CSV for a spreadsheet (formula-like codes guarded), text for the exact codes.
  const exports = [
    { ext: "csv", type: "text/csv", read: (id: string) => service.exportCsv(id) },
    { ext: "txt", type: "text/plain", read: (id: string) => service.exportText(id) },
  ] as const;
  for (const { ext, type, read } of exports) {
    app.get(`/api/admin/products/:id/codes.${ext}`, async (c) => {
      const id = c.req.param("id");
      const body = await read(id);
      c.header("Cache-Control", "no-store");
      c.header("Content-Type", `${type}; charset=utf-8`);
      c.header("Content-Disposition", `attachment; filename="codes-${id.replace(/[^A-Za-z0-9_-]/g, "_")}.${ext}"`);
      return c.body(body);
    });
  }

  return app;
}
