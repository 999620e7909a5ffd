import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The app's superadmin on the bench server (scripts/start.mjs seeds it from these env vars). */
export const BENCH_ADMIN = { username: "admin", password: "admin-password-1" };

const root = path.resolve(import.meta.dirname, "..");

export type BenchServers = {
  appUrl: string;
  /** Every app instance (the first is appUrl); one unless asked for more. */
  appUrls: string[];
  mockUrl: string;
  db: "PGlite" | "PostgreSQL";
  logFile: string;
  /** Stops both processes and removes the data dir, the database and (unless kept) the log. */
  stop(keepLog?: boolean): Promise<void>;
};

/**
 * The scripted model server and ONE production app process (scripts/start.mjs: builds first when
 * the sources changed) on a fresh PGlite dir, or a fresh database on the server DATABASE_URL names.
 * With `instances` > 1 (PostgreSQL and `env.REDIS_URL` required), that many app processes on
 * consecutive ports share the database, the data dir and Redis.
 */
export async function startBenchServers(
  ports: { app: number; mock: number },
  opts: { instances?: number; env?: Record<string, string> } = {},
): Promise<BenchServers> {
  const instances = opts.instances ?? 1;
  if (instances > 1 && (!process.env.DATABASE_URL || !opts.env?.REDIS_URL)) {
    throw new Error("several instances need DATABASE_URL (PostgreSQL) and REDIS_URL");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-load-"));
  const logFile = `${dataDir}.log`;
  const log = fs.openSync(logFile, "a");
  const mockUrl = `http://127.0.0.1:${ports.mock}/v1`;
  const appUrls = Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${ports.app + i}`);
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : null;
  const children: ChildProcess[] = [];
  const stop = async (keepLog = false) => {
    await Promise.all(children.map(stopChild));
    fs.closeSync(log);
    if (database) await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!keepLog) fs.rmSync(logFile, { force: true });
  };
  try {
    const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
    children.push(spawnLogged([tsx, "scripts/mock-llm.ts", "--port", String(ports.mock)], {}, log));
    await waitFor(`${mockUrl}/models`, 30_000);
    const env: Record<string, string> = {
      // The bench sends N chats from a few users at once: per-user limits would refuse most of them.
      USER_MAX_CONCURRENT_RUNS: "100000",
      USER_CHAT_STARTS_PER_MINUTE: "100000",
      ...opts.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      DEMO_MODEL_URL: mockUrl,
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      OPENAI_BASE_URL: "",
      OPENAI_API_KEY: "",
      // LOAD_CPU_PROF=<dir>: each app process writes a CPU profile there when the bench stops it.
      ...(process.env.LOAD_CPU_PROF ? { CPU_PROF_DIR: path.resolve(process.env.LOAD_CPU_PROF) } : {}),
    };
    // One after another: the first migrates the database (and, on a first start, builds Next.js: minutes).
    for (const [i, url] of appUrls.entries()) {
      const app = spawnLogged([path.join(root, "scripts", "start.mjs")], { ...env, PORT: String(ports.app + i) }, log);
      children.push(app);
      await waitFor(`${url}/api/health`, 20 * 60_000, app);
    }
  } catch (error) {
    await stop(true);
    throw new Error(`${(error as Error).message} (server output: ${logFile})`);
  }
  return { appUrl: appUrls[0], appUrls, mockUrl, db: database ? "PostgreSQL" : "PGlite", logFile, stop };
}

function spawnLogged(args: string[], env: Record<string, string>, log: number): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Until `url` answers OK; fails at once when `child` exits first (a failed build, a port in use). */
async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the app process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/** A fresh `loadbench_*` database, dropped when the bench ends. */
async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `loadbench_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
