import { defineConfig } from "vitest/config";

/** The multi-instance test (`pnpm test:multi`, after `pnpm build`): built servers behind HAProxy on PostgreSQL. */
export default defineConfig({
  test: {
    name: "multi-instance",
    include: ["server/cluster/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 150_000,
    hookTimeout: 120_000,
  },
});
