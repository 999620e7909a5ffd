import type { KnipConfig } from "knip";

/**
 * Knip finds exports nothing imports; `npm run check:exports` enforces its `exports` and `types`
 * kinds. Its plugins read the entry points of Next.js (app/, instrumentation.ts, proxy.ts),
 * Vitest, Playwright, Drizzle, next-intl, ESLint, tsx and the package.json scripts (bench/*.ts,
 * scripts/*.mjs), and follow `new Worker(new URL(...))` (lib/kb/parse/parse-worker.ts); the
 * entries below are those it cannot see. An export kept on purpose says why in a `@public` tag.
 */
const config: KnipConfig = {
  entry: [
    // Run by hand (README, "Development").
    "bench/mock-first-token.ts",
    // Run by .ci/run (and docs/DEPLOY.md), not by a package.json script.
    "scripts/check-standalone.mjs",
    "scripts/ci/summary.mjs",
    // Reporters vitest.config.ts and playwright.config.ts name by path when CI_REPORT_DIR is set.
    "scripts/ci/vitest-reporter.ts",
    "scripts/ci/playwright-reporter.ts",
    // A Vitest of its own that lib/testing/file-isolation.test.ts starts.
    "lib/testing/file-isolation-cases/vitest.config.ts",
    "lib/testing/file-isolation-cases/*.case.ts",
    // Types of the .mjs scripts beside them, which TypeScript reads in place of the .mjs.
    "scripts/*.d.mts",
  ],
  ignoreIssues: {
    // Knip resolves an import of a script to its .mjs, whose exports it checks; the declarations
    // of the same names beside it would always look unused.
    "scripts/*.d.mts": ["exports", "types"],
  },
  // Entry files (routes, pages, scripts, tests) export only what their runner reads.
  includeEntryExports: true,
  // An export used only inside its own file is still a needless export.
  ignoreExportsUsedInFile: false,
};

export default config;
