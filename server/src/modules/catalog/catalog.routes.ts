import { Hono, type Context } from "hono";
import type { z } from "zod";
import { firstQuerySchema, syncQuerySchema } from "@store/shared/schemas/catalog";
import { sendAnswer } from "../../http/encoded-answer.ts";
import { parseWith } from "../../http/validate.ts";
import type { CatalogService } from "./catalog.service.ts";

type SyncQuery = z.infer<typeof syncQuerySchema>;

/** The query of a client keeping its copy current, as the storefront writes it: `since=N`, then `&compact=1`. */
const PLAIN_SYNC_QUERY = /^since=(\d{1,15})(&compact=1)?$/;

/**
 * That query read straight from the address, or null for any other (read by the schema). An unchanged sync is
 * answered from memory, so reading its query with Hono's whole-query reader (a dictionary of every parameter)
 * and the schema was a good part of the request's work. The same result as the schema for every query it takes
 * (catalog.test.ts compares them).
 */
export function plainSyncQuery(search: string): SyncQuery | null {
  const plain = PLAIN_SYNC_QUERY.exec(search);
  if (!plain?.[1]) return null;
  return { since: Number(plain[1]), after: undefined, limit: undefined, compact: plain[2] !== undefined };
}

function syncQuery(c: Context): SyncQuery {
  const url = c.req.url;
  const start = url.indexOf("?");
  return (
    (start === -1 ? null : plainSyncQuery(url.slice(start + 1))) ??
    parseWith(syncQuerySchema, c.req.query(), "Invalid sync version")
  );
}

export function catalogRoutes(service: CatalogService): Hono {
  const app = new Hono();

  app.get("/api/sync", async (c) => {
    const { since = 0, after, limit, compact } = syncQuery(c);
    return sendAnswer(c, await service.syncAnswer(since, { after, limit }, compact), "no-cache");
  });

  app.get("/api/first", async (c) => {
    const { product, compact } = parseWith(firstQuerySchema, c.req.query(), "Invalid product");
    return sendAnswer(c, await service.firstAnswer(product, compact), "no-cache");
  });

  app.get("/api/categories", async (c) => sendAnswer(c, await service.categoriesAnswer(), "no-cache"));

  return app;
}
