import { defineConfig } from "vitest/config";

/**
 * The Docker test (`npm run test:docker`): builds the image and starts docker-compose.yml. It
 * needs a Docker engine, so it is not part of `npm test`; `.ci/run` starts one and runs it.
 */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["docker/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 1_800_000,
    pool: "forks",
    reporters: process.env.CI_REPORT_DIR ? ["default", "./scripts/ci/vitest-reporter.ts"] : ["default"],
  },
});
