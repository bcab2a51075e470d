/** Query-string parameters the schemas share: a query carries text, so a number is checked as text, then read. */
import { z } from "./zod.ts";

/** A number sent in the query string: text matching `pattern` (refused with `message` otherwise), read as a number. */
export const numberParam = (pattern: RegExp, message: string) => z.string().regex(pattern, message).transform(Number);

/** `limit` of a paged list: a whole number of at most 4 digits (each list bounds it further, or clamps it). */
export const pageLimitParam = numberParam(/^\d{1,4}$/, "limit must be a whole number");
