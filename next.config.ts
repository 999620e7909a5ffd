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
  experimental: {
    // forbidden() and app/forbidden.tsx: the admin area answers 403 to non-admins.
    authInterrupts: true,
    // Turbopack's build cache speeds up the next build in this folder; NEXT_BUILD_FS_CACHE=0 skips
    // writing it (~25 s) where no next build will read it: the Dockerfile's build stage, CI's clone.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_FS_CACHE !== "0",
  },
  // NEXT_BUILD_TYPECHECK=0 (.ci/run): the sources were type-checked (npm run check) just before
  // this build, so Next does not check them a second time (~40 s on a CI machine).
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECK === "0" },
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
  // A self-contained server (`<distDir>/standalone/server.js` with only the node_modules it needs):
  // what `npm start` and the Docker image run. Not on Vercel, which packages functions from the
  // traces itself: there standalone output is unused and breaks the build since Next 16.3
  // (ENOENT on next-server.js.nft.json, vercel/next.js#96646).
  output: process.env.VERCEL ? undefined : "standalone",
  // The repository itself, so a lockfile in a parent folder never moves server.js deeper.
  outputFileTracingRoot: import.meta.dirname,
  // Files the server reads from its working directory at run time, which tracing cannot see
  // (in the standalone folder and in Vercel's functions alike):
  // migrations (lib/db/client.ts), built-in skills (lib/bootstrap/seed-skills.ts), and the
  // README and guides that seed the demo knowledge base (lib/bootstrap/seed-demo-kb.ts).
  outputFileTracingIncludes: {
    "/**": ["./drizzle/**/*", "./lib/skills/builtin/**/*", "./README.md", "./docs/*.md"],
  },
  // Lets parallel builds (tests, benches, a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default withNextIntl(nextConfig);
