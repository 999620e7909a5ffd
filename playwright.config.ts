import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const APP_PORT = Number(process.env.E2E_APP_PORT || 3100);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT || 4010);
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}/v1`;
/**
 * Failed sign-ins one client address may make per minute on the e2e server (successes do not
 * count). Above the default of 10, for headroom: the suite signs in from 127.0.0.1 all along, and
 * its lockout tests fail on purpose. The rate-limit tests exhaust it from their own addresses.
 */
export const E2E_SIGNIN_PER_ADDRESS = 20;
const baseURL = process.env.E2E_BASE_URL || `http://127.0.0.1:${APP_PORT}`;
/** Each user's workspace quota on the e2e server: small enough for e2e/api/limits.spec.ts to fill. */
export const E2E_WORKSPACE_QUOTA_BYTES = 40 * 1024 * 1024;

/**
 * Debian's Chromium when present (this project never downloads a browser); Playwright's own
 * elsewhere. Its headless shell first: the old headless mode, which Playwright itself runs
 * headless tests in, renders the same pages with ~25 % less CPU than the full browser in its new
 * headless mode (docs/TESTING.md), and the browser is most of a browser spec's CPU.
 */
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ||
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    // The compositor in the browser process instead of a GPU process of its own (there is no GPU
    // anyway): the same pages load ~9 % faster (docs/TESTING.md).
    "--in-process-gpu",
  ],
};

const browser = { ...devices["Desktop Chrome"], launchOptions };

export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.spec\.ts$/,
  // Several instances share PostgreSQL (and Redis): the embedded database belongs to one process,
  // so the multi-instance spec runs in the PostgreSQL pass (.ci/run sets DATABASE_URL for it).
  testIgnore: process.env.DATABASE_URL ? [] : [/multi-instance\.spec\.ts$/],
  // Files run side by side, the tests of a file in order unless it says otherwise (docs/TESTING.md).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI_REPORT_DIR ? [["list"], ["./scripts/ci/playwright-reporter.ts"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    // Recording a trace costs a browser test 20-55 % of its time on a slow machine (docs/TESTING.md):
    // CI records the retry of a failed test, a laptop run keeps the trace of each failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  // Tests tagged @solo run alone: the others wait for them and they for the others (e2e/test.ts).
  projects: [{ name: "chromium", use: browser }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command: `node node_modules/tsx/dist/cli.mjs scripts/mock-llm.ts --port ${MOCK_PORT}`,
          url: `${MOCK_URL}/models`,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: "node scripts/e2e-server.mjs",
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 600_000,
          stdout: "pipe",
          env: {
            PORT: String(APP_PORT),
            DEMO_MODEL_URL: MOCK_URL,
            ADMIN_USERNAME: process.env.ADMIN_USERNAME || "admin",
            ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || "admin-password-1",
            LLM_RETRY_BASE_DELAY_MS: "50",
            // Only a run whose primary overloads reaches it (e2e/model-switch.spec.ts).
            LLM_FALLBACK_MODEL: "demo:demo-fallback",
            WORKSPACE_QUOTA_BYTES: String(E2E_WORKSPACE_QUOTA_BYTES),
            // Tests act as distinct client addresses through X-Forwarded-For (e2e/api/sign-in-limits.spec.ts).
            TRUST_PROXY: "1",
            SIGNIN_RATE_LIMIT_PER_ADDRESS: String(E2E_SIGNIN_PER_ADDRESS),
            // Specs chat as the admin from parallel workers: more than one person would in a minute.
            USER_CHAT_STARTS_PER_MINUTE: "1000",
            USER_MAX_CONCURRENT_RUNS: "50",
            OPENAI_BASE_URL: "",
            OPENAI_API_KEY: "",
          },
        },
      ],
});
