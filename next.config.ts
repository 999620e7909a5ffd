import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// The file routes serve stored files that the file panel frames (PDFs): their responses carry
// their own CSP and X-Frame-Options (lib/files/serve.ts). A header set here would win over a
// route's own (Next keeps the first value), so these two are left out of the framing rules.
const FILE_ROUTES = "threads/[^/]+/files$|workspace/files$";

const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  },
];
// Pages get a nonce-based policy from proxy.ts; API answers and static files need nothing at all.
const nothingToRun = { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" };

const nextConfig: NextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: everywhere },
      { source: `/((?!api/(?:${FILE_ROUTES})).*)`, headers: [{ key: "X-Frame-Options", value: "DENY" }] },
      { source: `/api/((?!${FILE_ROUTES}).*)`, headers: [nothingToRun] },
      { source: "/_next/:path*", headers: [nothingToRun] },
      { source: "/favicon.svg", headers: [nothingToRun] },
    ];
  },
  // forbidden() and app/forbidden.tsx: the admin area answers 403 to non-admins.
  experimental: { authInterrupts: true },
  // Node-only packages with WASM, native bindings or dynamic requires stay outside the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "@langchain/langgraph-checkpoint-postgres",
    "gpt-tokenizer",
    "deepagents",
    "unpdf",
    "mammoth",
  ],
  poweredByHeader: false,
  // Lets parallel builds (tests, benches, a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default withNextIntl(nextConfig);
