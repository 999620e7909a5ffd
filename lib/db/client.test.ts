import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { databaseUrl } from "@/lib/config/env";
import { BatchedPostgresSaver } from "./checkpoint-saver";
import { users } from "./schema";
import { embeddedDatabaseDir, openDatabase, type DbHandle } from "./client";

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(async () => {
  await destroyTestDatabase();
});

describe("database client", () => {
  it("keeps answering after a failed statement (PGlite bridge: one connection per pool client)", async () => {
    await h.db.insert(users).values({ id: "dup-1", username: "dup", passwordHash: "x" });
    await expect(h.db.insert(users).values({ id: "dup-2", username: "DUP", passwordHash: "x" })).rejects.toThrow();
    const { rows } = await h.pool.query("select 1 as ok");
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it("runs parameterised queries and transactions", async () => {
    await h.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: "tx-1", username: "tx-user", passwordHash: "x" });
    });
    const found = await h.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, "tx-1") });
    expect(found?.username).toBe("tx-user");
  });

  it("rolls a failed transaction back completely", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: "tx-2", username: "tx-two", passwordHash: "x" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await h.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, "tx-2") })).toBeUndefined();
  });

  it("creates a new data folder and its database folder readable by the owner only (0700)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-dbdir-"));
    const dir = path.join(root, "data", "pglite");
    const handle = await openDatabase({ dir });
    try {
      expect(fs.statSync(path.join(root, "data")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await handle.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("database choice on Vercel", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("refuses the embedded database without DATABASE_URL, before touching the disk", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-vercel-"));
    vi.stubEnv("VERCEL", "1");
    vi.stubEnv("DATABASE_URL", undefined);
    vi.stubEnv("DATA_DIR", path.join(root, "data"));
    try {
      await expect(openDatabase()).rejects.toThrow(
        "On Vercel, set DATABASE_URL to a PostgreSQL database (postgres://…): the embedded database cannot write to Vercel's read-only disk.",
      );
      expect(fs.existsSync(path.join(root, "data"))).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("keeps the embedded database under DATA_DIR elsewhere", () => {
    vi.stubEnv("DATA_DIR", "/srv/meridian");
    expect(embeddedDatabaseDir({})).toBe(path.join("/srv/meridian", "pglite"));
    expect(() => embeddedDatabaseDir({ VERCEL: "1" })).toThrow(/DATABASE_URL/);
  });
});

const postgresServer = process.env.TEST_DATABASE_URL || databaseUrl();

describe.runIf(postgresServer)("schema setup on PostgreSQL", () => {
  it("lets instances that start together on a new database set it up one after the other", async () => {
    const name = `meridian_schema_lock_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresServer });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresServer!);
    url.pathname = `/${name}`;
    try {
      // Without the lock, two of three fail here ("duplicate key value violates unique constraint").
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
      await Promise.all(handles.map((x) => x.schemaLock(() => new BatchedPostgresSaver(x.pool).setup())));
      await Promise.all(handles.map((x) => x.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
