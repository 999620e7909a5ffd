import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Folders and modules of lib/ that only the server may run (docs/ARCHITECTURE.md, "Layers"). */
const SERVER_ONLY_MODULES = [
  "@/lib/db/*",
  "@/lib/runs/*",
  "@/lib/jobs/*",
  "@/lib/redis/*",
  "@/lib/shims/*",
  "@/lib/demo-model/*",
  "@/lib/workspace/*",
  "@/lib/bootstrap/*",
  "@/lib/api/*",
  "@/lib/coordinator/*",
  "@/lib/memory/*",
  "@/lib/testing/*",
  "@/lib/agent/runtime/*",
  "@/lib/agent/middleware/*",
  "@/lib/auth/config",
  "@/lib/auth/current-user",
  "@/lib/config/secrets",
  "@/lib/config/env",
];

/**
 * ESLint's recommended, Next.js (core web vitals) and typescript-eslint rules. A disable comment must say why:
 * `// eslint-disable-next-line rule -- reason`.
 */
const config = [
  js.configs.recommended,
  comments.recommended,
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "test-results/**",
      "playwright-report/**",
      "drizzle/**",
      "next-env.d.ts",
      "public/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: [] }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Components run in the browser (or render on the server for it): no module that reaches the
    // database, the file store, runs, jobs or secrets. Types are fine: they leave no code behind.
    files: ["components/**/*.ts", "components/**/*.tsx"],
    ignores: ["components/**/*.test.ts", "components/**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: SERVER_ONLY_MODULES,
              allowTypeImports: true,
              message: "Server-only module: components import its types only (docs/ARCHITECTURE.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // Product code ships without test tooling: suites shared by several tests live in lib/testing/.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "vitest", message: "Test tooling belongs in *.test.ts files or lib/testing/." }],
          patterns: [{ group: ["@/lib/testing/*"], message: "Product code does not import the test harness." }],
        },
      ],
    },
  },
  {
    // Specs take `test` from e2e/test.ts, whose fixture keeps @solo tests alone (docs/TESTING.md).
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@playwright/test", message: "Import from e2e/test.ts (its `test` keeps @solo tests alone)." },
          ],
        },
      ],
    },
  },
];

export default config;
