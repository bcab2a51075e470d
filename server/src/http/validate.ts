import type { Context } from "hono";
import type { z } from "zod";
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
