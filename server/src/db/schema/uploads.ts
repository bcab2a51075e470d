import { customType, pgTable, text } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

/** Raw bytes: bytea, read back as a Buffer (a BLOB on SQLite, see ../schema-sqlite.ts). */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** Uploaded images (and the demo catalog's), served at /uploads/<name>: kept in the database so every
 * instance serves every image without a shared disk (docs/decisions.md D26). Written once, never changed. */
export const uploads = pgTable("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytes("bytes").notNull(),
  createdAt: ms("created_at").notNull(),
});
