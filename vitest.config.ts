import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // `import "server-only"` throws outside Next.js's server build; tests run server code directly.
      "server-only": path.join(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "components/**/*.test.tsx",
      "scripts/**/*.test.ts",
      "e2e/helpers/*.test.ts",
    ],
    exclude: ["e2e/**/*.spec.ts", "node_modules/**"],
    environment: "node",
    testTimeout: 30_000,
    // Tests chat as one user many times a minute; the per-user limits have their own tests
    // (lib/runs/user-limits.test.ts), which set lower ones.
    env: { USER_CHAT_STARTS_PER_MINUTE: "100000", USER_MAX_CONCURRENT_RUNS: "1000" },
    hookTimeout: 60_000,
    // Processes, not threads: tests set process.env, which threads would share.
    pool: "forks",
    // Vitest's default on 2 cores is one worker; most files wait on a database, a model server
    // or a timer part of the time, and two finish the suite in ~0.55 of the time (docs/TESTING.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker's files share its process, so packages load once per worker; our own modules, the
    // environment and our process-wide state still start fresh in every file (file-isolation.ts).
    isolate: false,
    setupFiles: ["lib/testing/file-isolation.ts"],
    reporters: process.env.CI_REPORT_DIR ? ["default", "./scripts/ci/vitest-reporter.ts"] : ["default"],
    // next-auth imports `next/server` in a way Node's loader cannot resolve outside Next.
    server: { deps: { inline: ["next-auth"] } },
  },
});
