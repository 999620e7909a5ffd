import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Node-only packages with WASM, native bindings or dynamic requires stay outside the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "@langchain/langgraph-checkpoint-postgres",
    "gpt-tokenizer",
    "deepagents",
  ],
  poweredByHeader: false,
  // Lets parallel builds (tests, benches, a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default withNextIntl(nextConfig);
