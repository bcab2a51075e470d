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

/** An escaped NUL (`\u0000`) in JSON text: the escape's backslash must not itself be escaped (`\\u0000` is the
 * six characters `\u0000`, which PostgreSQL stores). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/** The body as text, for the routes that need the exact bytes (a signed webhook, a URL-encoded form) and for the
 * JSON reader below: the body limit (app.ts) has already bounded its size, and a NUL character, raw or escaped
 * as JSON (`\u0000`) or as a form field (`%00`), is a 400, because PostgreSQL refuses it in text and no route takes
 * one. Every route and middleware reads a body through this module (http/guarded-reads.test.ts checks it). */
export async function readBodyText(c: Context): Promise<string> {
  const text = await c.req.text();
  const urlEncoded = /^application\/x-www-form-urlencoded/i.test(c.req.header("Content-Type") ?? "");
  if (text.includes("\u0000") || ESCAPED_NUL.test(text) || (urlEncoded && /%00/.test(text)))
    throw new ValidationError(nulRefused());
  return text;
}

/** The JSON body as sent, unvalidated: a body nested deeper than any route needs is refused before
 * JSON.parse builds it, and malformed JSON is a 400. Every JSON route reads its body through here. */
export async function readRawJson(c: Context): Promise<unknown> {
  const text = await readBodyText(c);
  if (jsonDepthExceeds(text)) throw new ValidationError(problem(JSON_TOO_DEEP, ERROR_CODES.malformedBody));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError(problem("Malformed JSON body", ERROR_CODES.malformedBody));
  }
}

/** A JSON body that may be empty (an order action's optional note): undefined when there is none. */
export async function readOptionalJson(c: Context): Promise<unknown> {
  return (await readBodyText(c)).trim() === "" ? undefined : readRawJson(c);
}

/** A multipart form's fields (an image upload): malformed forms and text fields holding a NUL are a 400. */
export async function readForm(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ValidationError(problem("Malformed form data", ERROR_CODES.malformedBody));
  }
  for (const value of Object.values(form))
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === "string" && v.includes("\u0000")) throw new ValidationError(nulRefused());
  return form;
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

/** A reader of the optional query parameter `name`: absent, undefined; a whole number of at most `digits` digits, that
 * number; anything else, a 400 that names the parameter. */
export function wholeNumberQuery(name: string, digits: number): (c: Context) => number | undefined {
  const schema = z.object({
    [name]: z
      .string()
      .regex(new RegExp(`^\\d{1,${digits}}$`), `${name} must be a whole number`)
      .transform(Number)
      .optional(),
  });
  return (c) => parseWith(schema, { [name]: c.req.query(name) })[name];
}

/** The optional `?version=N` a delete is made against (optimistic concurrency); anything but a whole number is a 400. */
export const readVersionQuery = wholeNumberQuery("version", 9);
