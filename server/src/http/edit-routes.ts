/** The console's three edit routes of one kind of row (a product, a category, a banner), given the schemas of
 * its create and update bodies: POST `path` creates one (201 with the row), PUT `path/:id` changes one (the row),
 * DELETE `path/:id` removes one (`{ ok: true }`). Bodies are read and validated with those schemas, so each route
 * file only says which service call each one is. */
import type { Context, Env, Hono } from "hono";
import type { z } from "zod";
import { readJson } from "./validate.ts";

export interface EditRoutes<Create extends z.ZodType, Update extends z.ZodType, Row> {
  create(input: z.infer<Create>): Promise<Row>;
  update(id: string, input: z.infer<Update>): Promise<Row>;
  /** Takes the request too: a delete made against a version reads it from the query. */
  remove(id: string, c: Context): Promise<void>;
}

export function mountEditRoutes<E extends Env, Create extends z.ZodType, Update extends z.ZodType, Row extends object>(
  app: Hono<E>,
  path: string,
  [createSchema, updateSchema]: [Create, Update],
  routes: EditRoutes<Create, Update, Row>,
): void {
  app.post(path, async (c) => c.json(await routes.create(await readJson(c, createSchema)), 201));
  app.put(`${path}/:id`, async (c) => c.json(await routes.update(c.req.param("id"), await readJson(c, updateSchema))));
  app.delete(`${path}/:id`, async (c) => {
    await routes.remove(c.req.param("id"), c);
    return c.json({ ok: true });
  });
}
