#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve on PORT (3000).
// Migrations, the superadmin and seed data are applied by the server itself at start
// (instrumentation.ts), so Docker and Vercel deployments get them too.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "public",
  "drizzle",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "instrumentation.ts",
  "tsconfig.json",
];

function sourceStamp() {
  const h = crypto.createHash("sha256");
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) {
        if (entry === "node_modules" || entry.startsWith(".next")) continue;
        walk(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      h.update(path.relative(root, p)).update(String(st.size)).update(String(st.mtimeMs));
    }
  };
  for (const s of SOURCES) walk(path.join(root, s));
  return h.digest("hex");
}

const stampFile = path.join(root, distDir, "meridian-source-stamp");
const stamp = sourceStamp();
const built =
  fs.existsSync(path.join(root, distDir, "BUILD_ID")) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, "utf8") === stamp;
if (!built || process.env.FORCE_BUILD === "1") {
  console.log("[meridian] building the app (first start or sources changed)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
}

const port = process.env.PORT || "3000";
const args = [nextBin, "start", "-p", port];
if (process.env.HOSTNAME_BIND) args.push("-H", process.env.HOSTNAME_BIND);
const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
