/** The console's promo codes: list, create, edit, delete (behind the admin guard in app.ts). */
import { Hono } from "hono";
import { promoCreateSchema, promoUpdateSchema, type Promo } from "@store/shared/schemas/promos";
import type { AdminEnv } from "../../http/session.ts";
import { parseWith, readRawJson } from "../../http/validate.ts";
import type { PromosService } from "./promos.service.ts";

/** The legacy promo shape (docs/product.md) names the code `id`; both are sent. */
function withId(p: Promo): Promo & { id: string } {
  return { ...p, id: p.code };
}

/** The console's prompt gives text: "10" is accepted as 10. */
function percentAsNumber(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  const p = body.percent;
  if (typeof p === "string" && p.trim() !== "" && Number.isFinite(Number(p))) return { ...body, percent: Number(p) };
  return raw;
}

export function promosAdminRoutes(promos: PromosService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/promos", async (c) => c.json((await promos.list()).map(withId)));
  app.post("/api/admin/promos", async (c) => {
    const input = parseWith(promoCreateSchema, percentAsNumber(await readRawJson(c)));
    return c.json(withId(await promos.create(input)), 201);
  });
  app.put("/api/admin/promos/:code", async (c) => {
    const input = parseWith(promoUpdateSchema, percentAsNumber(await readRawJson(c)));
    return c.json(withId(await promos.update(c.req.param("code"), input)));
  });
  app.delete("/api/admin/promos/:code", async (c) => {
    await promos.remove(c.req.param("code"));
    return c.json({ ok: true });
  });

  return app;
}
