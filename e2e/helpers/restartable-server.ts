import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "@playwright/test";
import { ADMIN } from "./auth";
import { MOCK_URL } from "../../playwright.config";

/**
 * An app server of the test's own (the same build), on its own data directory or database, that
 * the test can kill with SIGKILL and start again on the same data: for restart tests. Job leases
 * are short so another start takes over a dead worker's job within seconds.
 */
/**
 * A port for a spec's own server, at a fixed offset from the run's app port (3100 + 362 = 3462),
 * so two e2e runs started with different E2E_APP_PORTs never share one.
 */
export function extraPort(offset: number): number {
  return Number(process.env.E2E_APP_PORT || 3100) + offset;
}

export function restartableServer(opts: {
  port: number;
  leaseMs: number;
  name: string;
  /** More environment for the server (REDIS_URL, RUN_LEASE_MS, ...). */
  env?: Record<string, string>;
}) {
  const base = `http://127.0.0.1:${opts.port}`;
  let dataDir = "";
  let databaseUrl: string | undefined;
  let server: ChildProcess | null = null;

  async function freshDatabase(): Promise<string | undefined> {
    if (!process.env.DATABASE_URL) return undefined;
    const name = `meridian_${opts.name.replace(/\W/g, "_")}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return url.toString();
  }

  return {
    base,
    /** Another instance on this one's data: the same database and data directory (a shared volume). */
    shareDataOf(other: { data(): { dataDir: string; databaseUrl?: string } }): void {
      ({ dataDir, databaseUrl } = other.data());
    },
    data: () => ({ dataDir, databaseUrl }),
    /** A fresh data directory (and database, on PostgreSQL runs). */
    async prepare(): Promise<void> {
      fs.mkdirSync("test-results", { recursive: true });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `meridian-${opts.name}-`));
      databaseUrl = await freshDatabase();
    },
    async start(): Promise<void> {
      const env = {
        ...process.env,
        PORT: String(opts.port),
        DATA_DIR: dataDir,
        DEMO_MODEL_URL: MOCK_URL,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        JOB_LEASE_MS: String(opts.leaseMs),
        OPENAI_BASE_URL: "",
        OPENAI_API_KEY: "",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...opts.env,
      };
      if (!databaseUrl) delete env.DATABASE_URL;
      // Its own process group, so SIGKILL reaches start.mjs and the Next.js server under it.
      const log = fs.openSync(path.resolve("test-results", `${opts.name}-server.log`), "a");
      server = spawn(process.execPath, [path.resolve("scripts/start.mjs")], {
        env,
        detached: true,
        stdio: ["ignore", log, log],
      });
      await expect
        .poll(
          async () => {
            try {
              return (await fetch(`${base}/api/health`)).status;
            } catch {
              return 0;
            }
          },
          { timeout: 120_000, intervals: [250] },
        )
        .toBe(200);
    },
    kill(): void {
      if (server?.pid) {
        try {
          process.kill(-server.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      server = null;
    },
    cleanUp(): void {
      this.kill();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      dataDir = "";
    },
  };
}
