import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Runs the two cases in one worker, with the suite's setup unless told to leave it out.
 * @public Vitest loads it by path (lib/testing/file-isolation.test.ts passes it to --config).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["*.case.ts"],
    pool: "forks",
    maxWorkers: 1,
    isolate: false,
    setupFiles: process.env.WITHOUT_FILE_ISOLATION ? [] : [path.join(import.meta.dirname, "..", "file-isolation.ts")],
  },
});
