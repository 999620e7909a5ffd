#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve on PORT (3000)
// with Next's standalone server (`<distDir>/standalone/server.js`), the same server the Docker
// image runs. Migrations, the superadmin and seed data are applied by the server itself at start
// (instrumentation.ts), so Docker and Vercel deployments get them too.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { serverNodeFlags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const standaloneDir = path.join(root, distDir, "standalone");
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

/**
 * The standalone server serves `public/` and `<distDir>/static` only from inside its own folder,
 * and `next build` does not put them there (https://nextjs.org/docs/app/api-reference/config/next-config-js/output).
 */
function copyAssets() {
  fs.cpSync(path.join(root, "public"), path.join(standaloneDir, "public"), { recursive: true });
  fs.cpSync(path.join(root, distDir, "static"), path.join(standaloneDir, distDir, "static"), { recursive: true });
}

const stampFile = path.join(root, distDir, "meridian-source-stamp");
const stamp = sourceStamp();
const built =
  fs.existsSync(path.join(root, distDir, "BUILD_ID")) &&
  fs.existsSync(path.join(standaloneDir, "server.js")) &&
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
  if (!fs.existsSync(path.join(standaloneDir, "server.js"))) {
    console.error(
      `[meridian] the build made no ${path.join(distDir, "standalone")} (VERCEL is set: Vercel builds make none).`,
    );
    process.exit(1);
  }
  copyAssets();
  fs.writeFileSync(stampFile, stamp);
} else if (
  !fs.existsSync(path.join(standaloneDir, distDir, "static")) ||
  !fs.existsSync(path.join(standaloneDir, "public"))
) {
  copyAssets();
}

// `next start` read .env files from the repository at every start; the standalone server reads
// only the copies `next build` made. Load them here (the environment still wins over them).
createRequire(nextBin)("@next/env").loadEnvConfig(root, false, { info() {}, error: console.error });

const port = process.env.PORT || "3000";
// CPU_PROF_DIR: the server writes a V8 CPU profile there when it exits (`npm run bench:load` passes
// LOAD_CPU_PROF); Node refuses --cpu-prof in NODE_OPTIONS.
const profile = process.env.CPU_PROF_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.CPU_PROF_DIR)}`]
  : [];
const args = [...profile, ...serverNodeFlags(process.env), path.join(standaloneDir, "server.js")];
const server = spawn(process.execPath, args, {
  // server.js changes into its own folder, so relative paths must not reach it.
  cwd: standaloneDir,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    // server.js binds to $HOSTNAME, which shells set to the machine's name.
    HOSTNAME: process.env.HOSTNAME_BIND || "0.0.0.0",
    DATA_DIR: path.resolve(root, process.env.DATA_DIR || ".data"),
    NEXT_TELEMETRY_DISABLED: "1",
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
