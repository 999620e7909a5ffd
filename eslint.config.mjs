import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
