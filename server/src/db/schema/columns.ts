/** Column helpers shared by the table declarations. */
import { bigint } from "drizzle-orm/pg-core";

/** A millisecond timestamp: bigint on PostgreSQL (it outgrows a 32-bit integer), read back as a JS number;
 * INTEGER on SQLite (../schema-sqlite.ts). */
export const ms = (name: string) => bigint(name, { mode: "number" });
