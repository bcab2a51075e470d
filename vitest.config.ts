import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", include: ["shared/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 20_000,
          // On PostgreSQL: the databases every test store is copied from, made once per run.
          globalSetup: ["server/src/test/postgres-templates.ts"],
        },
      },
      {
        extends: "./client/vite.config.ts",
        test: { name: "client", root: "./client", include: ["src/**/*.test.{ts,tsx}"], environment: "node" },
      },
    ],
  },
});
