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

// Debian's Chromium when present (this project never downloads a browser); Playwright's own elsewhere.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ||
  (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

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
  ],
};

/**
 * Specs of layout, keyboard, accessibility and headers only: which database is under the app
 * changes nothing they check. CI's second pass, on PostgreSQL, sets E2E_DB_ONLY and skips them.
 */
const UI_ONLY_SPECS = /\/(a11y|csp|hover-colours|layout|primitives|shortcuts|status-pages)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.spec\.ts$/,
  // Several instances share PostgreSQL (and Redis): the embedded database belongs to one process,
  // so the multi-instance spec runs in the PostgreSQL pass (.ci/run sets DATABASE_URL for it).
  testIgnore: [
    ...(process.env.DATABASE_URL ? [] : [/multi-instance\.spec\.ts$/]),
    ...(process.env.E2E_DB_ONLY ? [UI_ONLY_SPECS] : []),
  ],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
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
            OPENAI_BASE_URL: "",
            OPENAI_API_KEY: "",
          },
        },
      ],
});
