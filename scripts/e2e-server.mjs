#!/usr/bin/env node
// Starts the app for the end-to-end suite on a fresh database: a new PGlite dir by default, or a
// new database on the PostgreSQL server named by DATABASE_URL. The demo provider points at the
// standalone scripted model server (DEMO_MODEL_URL), whose control API the tests drive.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR || ".data-e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = { ...process.env, DATA_DIR: dataDir };
if (process.env.DATABASE_URL) {
  const name = `meridian_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.log(`[e2e] PostgreSQL database ${name}`);
}
const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], { cwd: root, stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
