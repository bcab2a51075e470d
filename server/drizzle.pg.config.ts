import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, generated from the table declaration in src/db/schema (SQLite's tables are made from
// it, see src/db/schema-sqlite.ts). `pnpm db:generate` generates both engines' migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/*.ts",
  out: "./src/db/migrations-pg",
});
