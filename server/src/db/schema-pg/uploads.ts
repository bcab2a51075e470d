/** The uploads table on PostgreSQL (see ../schema/uploads.ts, kept in step by schema-parity.test.ts). */
import { bigint, customType, pgTable, text } from "drizzle-orm/pg-core";

const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const uploads = pgTable("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytes("bytes").notNull(),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
});
