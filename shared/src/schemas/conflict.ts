/** The 409 an admin edit made against an older version gets (ERROR_CODES.editConflict, docs/decisions.md D17):
 * the refusal, and `current`, the server's copy of the entity as it is now (null when it is gone), whose `version`
 * the edit can be sent again over. Products, categories, banners and promo codes answer it. */
import { z } from "./zod.ts";
import { ERROR_CODES } from "../error-codes.ts";

/** An entity as the server holds it now: its version, and its other fields as they are. */
export const versionedCopySchema = z.looseObject({ version: z.number().int() });
export type VersionedCopy = z.infer<typeof versionedCopySchema>;

export const editConflictSchema = z.object({
  error: z.string(),
  code: z.literal(ERROR_CODES.editConflict),
  current: versionedCopySchema.nullable(),
});
export type EditConflict = z.infer<typeof editConflictSchema>;
