import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { ValidationError, fieldsFromZod, problem } from "./errors.ts";
import { JSON_TOO_DEEP, jsonDepthExceeds } from "./json-depth.ts";

export const NUL_REFUSED = "Text may not contain NUL characters";

const nulRefused = () => problem(NUL_REFUSED, ERROR_CODES.malformedBody);

/** Refuses (400) a request whose address carries a NUL character (`%00`), in its path or its query: no route
 * takes one, and PostgreSQL refuses it in text parameters. Mounted ahead of every route. */
export const refuseNulInAddress: MiddlewareHandler = (c, next) => {
  if (/%00/.test(c.req.url) || c.req.url.includes("\u0000")) throw new ValidationError(nulRefused());
  return next();
};

/** The JSON body as sent, unvalidated: a body nested deeper than any route needs is refused before
 * JSON.parse builds it, and malformed JSON is a 400. Every JSON route reads its body through here. */
export async function readRawJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (jsonDepthExceeds(text)) throw new ValidationError(problem(JSON_TOO_DEEP, ERROR_CODES.malformedBody));
  // A NUL can only arrive escaped; PostgreSQL refuses it in text, so no route takes it.
  if (/\\u0000/i.test(text)) throw new ValidationError(nulRefused());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError(problem("Malformed JSON body", ERROR_CODES.malformedBody));
  }
}

/** Reads and validates a JSON body with a shared schema; bad input is a 400 with field messages. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readRawJson(c));
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown, message = "Invalid request"): z.infer<S> {
  // The input is reported so a missing value is told apart from a wrong one (code `required`); it is not sent back.
  const result = schema.safeParse(raw, { reportInput: true });
  if (!result.success) {
    const fields = fieldsFromZod(result.error);
    const first = Object.values(fields)[0]?.message;
    throw new ValidationError(problem(first ?? message, ERROR_CODES.invalidRequest), fields);
  }
  return result.data;
}

const versionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/, "version must be a whole number")
    .transform(Number)
    .optional(),
});

/** The optional `?version=N` a delete is made against (optimistic concurrency); anything but a whole number is a 400. */
export function readVersionQuery(c: Context): number | undefined {
  return parseWith(versionQuery, { version: c.req.query("version") }).version;
}
