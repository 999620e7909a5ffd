import "server-only";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as baseSchema from "./schema";
import * as kbSchema from "./kb-schema";

const schema = { ...baseSchema, ...kbSchema };
import { dataDir, databaseUrl } from "@/lib/config/env";
import { acquireDirLock } from "./dir-lock";
import { PreparedNames, withStatementName } from "./prepared-names";
import { ensureVectorTables, type VectorSupport } from "./vector-tables";

export type Db = NodePgDatabase<typeof schema>;

/** drizzle passes a per-query `types` parser that the PGlite bridge cannot handle: drop it. */
function bridgeConfig(config: object): object {
  const connection = (config as { connection: { parse: (q: Record<string, unknown>) => void } }).connection;
  const parse = connection.parse.bind(connection);
  connection.parse = (q) => {
    delete q.types;
    parse(q);
  };
  return config;
}

export type DbHandle = {
  pool: pg.Pool;
  db: Db;
  close: () => Promise<void>;
  /** Whether the `vector` extension (pgvector) is installed: dense retrieval needs it. */
  vectors: VectorSupport;
  /** Runs schema setup (CREATE … IF NOT EXISTS and the like) while no other process sharing the database does. */
  schemaLock: <T>(fn: () => Promise<T>) => Promise<T>;
};

/** The extensions every PGlite instance is opened with (a data dir must be reopened with the ones it was made with). */
export async function pgliteExtensions() {
  const { vector } = await import("@electric-sql/pglite-pgvector");
  return { vector };
}

/** Kept on globalThis so dev hot reload never opens a second PGlite instance on the same dir. */
const globalKey = Symbol.for("meridian.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

const MIGRATIONS_DIR = path.join(process.cwd(), "drizzle");

/** Where the embedded database lives when no PostgreSQL URL is given. Never on Vercel. */
export function embeddedDatabaseDir(env: Record<string, string | undefined> = process.env): string {
  if (env.VERCEL) {
    throw new Error(
      "On Vercel, set DATABASE_URL to a PostgreSQL database (postgres://…): the embedded database cannot write to Vercel's read-only disk.",
    );
  }
  return path.join(dataDir(), "pglite");
}

async function openPglitePool(
  source: { dir: string } | { pglite: PGlite },
): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  const { createPgConfig } = await import("@electric-sql/pglite/node-postgres");
  let pglite: PGlite;
  let owned = false;
  let releaseLock = () => {};
  if ("dir" in source) {
    const { PGlite } = await import("@electric-sql/pglite");
    // 0700 reaches every folder this creates, DATA_DIR included when the database opens first.
    fs.mkdirSync(source.dir, { recursive: true, mode: 0o700 });
    releaseLock = acquireDirLock(source.dir);
    pglite = await PGlite.create(source.dir, { extensions: await pgliteExtensions() });
    owned = true;
  } else {
    pglite = source.pglite;
  }
  // Each pool client gets its own bridge connection: the pool discards a client after some
  // errors, and a shared connection's late "end" would then kill the next client's query.
  const statements = new PreparedNames();
  const Client = class extends pg.Client {
    constructor(cfg: pg.ClientConfig = {}) {
      super({ ...cfg, ...(bridgeConfig(createPgConfig(pglite)) as pg.ClientConfig) });
      statements.adopt((this as unknown as { connection: Parameters<PreparedNames["adopt"]>[0] }).connection);
    }
  };
  // Parametrised statements run as named prepared statements (prepared-names.ts).
  const query = Client.prototype.query as (...a: unknown[]) => unknown;
  Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    return query.apply(this, withStatementName(statements, args));
  } as typeof Client.prototype.query;
  // A pool of exactly one connection: the bridge serialises everything through it.
  const pool = new pg.Pool({ ...(bridgeConfig(createPgConfig(pglite)) as pg.PoolConfig), max: 1, Client });
  return {
    pool,
    close: async () => {
      await pool.end();
      if (owned) await pglite.close();
      releaseLock();
    },
  };
}

export async function openDatabase(opts: { url?: string; dir?: string; pglite?: PGlite } = {}): Promise<DbHandle> {
  const url = opts.pglite || opts.dir ? undefined : (opts.url ?? databaseUrl());
  let pool: pg.Pool;
  let close: () => Promise<void>;
  if (url) {
    pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX || 10) });
    // An idle connection dropped by the server (restart, failover, admin command) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on("error", (err) => console.error("[db] idle connection lost:", err.message));
    close = () => pool.end();
  } else {
    ({ pool, close } = await openPglitePool(
      opts.pglite ? { pglite: opts.pglite } : { dir: opts.dir ?? embeddedDatabaseDir() },
    ));
  }
  const db = drizzle(pool, { schema });
  const schemaLock = url ? postgresSchemaLock(url) : <T>(fn: () => Promise<T>) => fn();
  const vectors = await schemaLock(async () => {
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return ensureVectorTables(db);
  });
  return { pool, db, close, vectors, schemaLock };
}

/**
 * Instances that start together against one PostgreSQL (replicas, a rolling deploy, serverless
 * cold starts) change the schema one after the other instead of failing on each other's
 * half-made tables. The lock has a connection of its own, whatever the pool's size, and is held
 * by an open transaction (which a transaction-mode pooler such as PgBouncer keeps on one server
 * connection); ending the session ends the transaction and releases it.
 */
function postgresSchemaLock(url: string): DbHandle["schemaLock"] {
  return async (fn) => {
    const lock = new pg.Client({ connectionString: url });
    lock.on("error", (err) => console.error("[db] schema lock connection lost:", err.message));
    await lock.connect();
    try {
      await lock.query("begin");
      await lock.query("select pg_advisory_xact_lock(hashtext('meridian.schema'))");
      return await fn();
    } finally {
      await lock.end();
    }
  };
}

/** The process-wide database, opened and migrated once. */
export function getDatabase(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = openDatabase().catch((err) => {
      delete g[globalKey];
      throw err;
    });
  }
  return g[globalKey]!;
}

/** Tests install their own database as the process-wide one. */
export function setDatabase(handle: DbHandle): void {
  (globalThis as GlobalWithDb)[globalKey] = Promise.resolve(handle);
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function vectorsAvailable(): Promise<boolean> {
  return (await getDatabase()).vectors !== false;
}

/** pgvector 0.8+ keeps scanning an HNSW index until enough rows pass a filter. */
export async function vectorIterativeScan(): Promise<boolean> {
  const v = (await getDatabase()).vectors;
  return v !== false && v.iterativeScan;
}

/** For tests and shutdown: close the process-wide database. */
export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[globalKey];
  delete g[globalKey];
  if (handle) await (await handle).close();
}
