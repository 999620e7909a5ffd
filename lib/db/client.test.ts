import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { users } from "./schema";
import { openDatabase, type DbHandle } from "./client";

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
