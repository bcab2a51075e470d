import { customType, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Raw bytes: a BLOB, read back as a Buffer (bytea on PostgreSQL, see ../schema-pg/uploads.ts). */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "blob" });

/** Uploaded images (and the demo catalog's), served at /uploads/<name>: kept in the database so every
 * instance serves every image without a shared disk (docs/decisions.md D26). Written once, never changed. */
export const uploads = sqliteTable("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytes("bytes").notNull(),
  createdAt: integer("created_at").notNull(),
});
