#!/usr/bin/env node
// After a build (`npm start` or `next build`): checks that the standalone server folder holds what
// the server reads at run time, and that every path the Dockerfile's runner stage copies from the
// builder exists. This machine has no container engine, so this is how the image's contents are
// checked here. NEXT_DIST_DIR selects the build folder, as for the build itself.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const standalone = path.join(root, distDir, "standalone");

/** Paths under the standalone folder, each with why the server needs it. */
const runtimePaths = [
  ["server.js", "the server itself"],
  ["package.json", "makes server.js an ES module"],
  [path.join(distDir, "BUILD_ID"), "the build"],
  ["drizzle/meta/_journal.json", "migrations (lib/db/client.ts)"],
  ["lib/skills/builtin", "built-in skills (lib/bootstrap/seed-skills.ts)"],
  ["README.md", "the demo knowledge base (lib/bootstrap/seed-demo-kb.ts)"],
  ["node_modules/@electric-sql/pglite/dist/pglite.wasm", "the embedded database"],
  ["node_modules/@electric-sql/pglite/dist/pglite.data", "the embedded database"],
  ["node_modules/pg", "PostgreSQL"],
];

const problems = [];
for (const [rel, why] of runtimePaths) {
  if (!fs.existsSync(path.join(standalone, rel))) problems.push(`${path.join(distDir, "standalone", rel)} (${why})`);
}
const assets = path.join(standalone, distDir, "server", "assets");
if (!(fs.existsSync(assets) && fs.readdirSync(assets).some((f) => f.startsWith("vector.")))) {
  problems.push(
    `${path.join(distDir, "standalone", distDir, "server/assets")}/vector.* (pgvector for the embedded database)`,
  );
}

// `COPY --from=builder [--chown=…] /app/<src> <dest>`: /app is the repository root in the builder.
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
const copies = [...dockerfile.matchAll(/^COPY\s+--from=builder\s+(?:--\S+\s+)*\/app\/(\S+)\s+\S+\s*$/gm)].map(
  (m) => m[1],
);
if (copies.length === 0) problems.push("Dockerfile: no COPY --from=builder lines found");
for (const src of copies) {
  const local = src.replace(/^\.next(?=\/|$)/, distDir);
  if (!fs.existsSync(path.join(root, local))) problems.push(`${local} (copied by the Dockerfile as /app/${src})`);
}

if (problems.length > 0) {
  console.error(`[check-standalone] missing after the build:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `[check-standalone] ${path.join(distDir, "standalone")} holds the server's run-time files; the Dockerfile's ${copies.length} copies exist.`,
);
