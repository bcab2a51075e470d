import type { Context } from "hono";
import { z } from "zod";
import { ValidationError, fieldsFromZod } from "./errors.ts";

/** Reads and validates a JSON body with a shared schema; bad input is a 400 with field messages. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ValidationError("Malformed JSON body");
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown, message = "Invalid request"): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = fieldsFromZod(result.error);
    const first = Object.values(fields)[0];
    throw new ValidationError(first ?? message, fields);
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
