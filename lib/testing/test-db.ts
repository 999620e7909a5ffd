import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, setDatabase, closeDatabase, pgliteExtensions, type DbHandle } from "@/lib/db/client";

/**
 * A fresh, migrated database for one test file, installed as the process-wide database.
 * PGlite by default (opened from a template dump, ~0.4 s); when TEST_DATABASE_URL or a
 * postgres DATABASE_URL is set, a new PostgreSQL database created on that server.
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL || postgresUrl(process.env.DATABASE_URL);
  const handle = serverUrl ? await freshPostgres(serverUrl) : await freshPglite();
  setDatabase(handle);
  return handle;
}

export async function destroyTestDatabase(): Promise<void> {
  await closeDatabase();
}

function postgresUrl(url: string | undefined) {
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

async function freshPostgres(serverUrl: string): Promise<DbHandle> {
  const name = `meridian_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function migrationsHash(): string {
  const dir = path.join(process.cwd(), "drizzle");
  const h = crypto.createHash("sha256");
  for (const f of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest("hex").slice(0, 16);
}

async function freshPglite(): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const templatePath = path.join(os.tmpdir(), `meridian-pglite-template-${migrationsHash()}.tar`);
  if (!fs.existsSync(templatePath)) {
    const seed = await PGlite.create({ extensions: await pgliteExtensions() });
    const h = await openDatabase({ pglite: seed });
    await h.pool.end();
    const dump = await seed.dumpDataDir("none");
    await seed.close();
    const tmp = `${templatePath}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, templatePath);
  }
  const pglite = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(templatePath)]),
    extensions: await pgliteExtensions(),
  });
  const handle = await openDatabase({ pglite });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await pglite.close();
    },
  };
}

/**
 * A database that survives a "server restart": close() ends every connection (and the PGlite
 * instance) but keeps the data; reopen() opens it again as the process-wide database.
 */
export async function createRestartableDatabase(): Promise<{
  reopen(): Promise<DbHandle>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL || postgresUrl(process.env.DATABASE_URL);
  let open: () => Promise<DbHandle>;
  let cleanup: () => Promise<void>;
  if (serverUrl) {
    const name = `meridian_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    open = () => openDatabase({ url: url.toString() });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-restart-"));
    open = () => openDatabase({ dir: path.join(dir, "pglite") });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  let current: DbHandle | null = null;
  const close = async () => {
    if (current) await closeDatabase();
    current = null;
  };
  return {
    async reopen() {
      await close();
      current = await open();
      setDatabase(current);
      return current;
    },
    close,
    async destroy() {
      await close();
      await cleanup();
    },
  };
}
