import { defineConfig } from "drizzle-kit";

// SQLite's migrations, generated from the tables src/db/schema-sqlite.ts makes out of the one declaration in
// src/db/schema. `pnpm db:generate` generates both engines' migrations.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema-sqlite.ts",
  out: "./src/db/migrations",
});
