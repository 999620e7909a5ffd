import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb, type Db } from "./client";
import { users } from "./schema";
import { preparedQuery } from "./prepared-query";
import { createThread } from "./threads";
import { findThreadForStart } from "./thread-start";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const byId = (db: Db) =>
  db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("");

describe("preparedQuery", () => {
  it("builds a query once per database and key, and binds each call's values", async () => {
    const db = await getDb();
    const [a, b] = [await insertTestUser({ username: "prep-a" }), await insertTestUser({ username: "prep-b" })];
    const build = vi.fn(byId);
    const first = preparedQuery(db, "test:userById", build);
    expect(preparedQuery(db, "test:userById", build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await first.execute({ id: a.id })).toEqual([{ username: "prep-a" }]);
    expect(await first.execute({ id: b.id })).toEqual([{ username: "prep-b" }]);
    // Another key is another query; another database instance builds its own.
    preparedQuery(db, "test:userById:2", build);
    expect(build).toHaveBeenCalledTimes(2);
    const elsewhere = vi.fn(() => "another database's query");
    expect(preparedQuery({} as Db, "test:userById", elsewhere)).toBe("another database's query");
    expect(elsewhere).toHaveBeenCalledTimes(1);
  });

  it("the chat start's thread lookup (prepared) finds only the actor's own thread, call after call", async () => {
    const owner = await insertTestUser({ username: "prep-owner" });
    const other = await insertTestUser({ username: "prep-other" });
    const thread = await createThread(owner, { agentId: null, title: "mine" });
    expect((await findThreadForStart(owner, thread.id)).thread?.id).toBe(thread.id);
    expect((await findThreadForStart(other, thread.id)).thread).toBeNull();
    expect((await findThreadForStart(owner, `${thread.id}-x`)).thread).toBeNull();
    expect((await findThreadForStart(owner, thread.id)).thread?.title).toBe("mine");
    expect((await findThreadForStart(other, thread.id)).catalog.size).toBeGreaterThan(0);
  });
});
