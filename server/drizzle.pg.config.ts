import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, generated from src/db/schema-pg (kept in step with the SQLite schema by
// src/db/schema-parity.test.ts). `pnpm db:generate` generates both engines' migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema-pg/*.ts",
  out: "./src/db/migrations-pg",
});
