/** The schema of a coded error; the codes themselves and the reading of schema issues are plain code in
 * ../error-codes.ts, so screens that only say refusals need no zod. */
import { z } from "./zod.ts";

export * from "../error-codes.ts";

export const codedErrorSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
