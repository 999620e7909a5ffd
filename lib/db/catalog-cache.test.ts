import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementsDuring } from "@/lib/testing/sql-spy";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "./client";
import { agents, threads } from "./schema";
import { findThreadForStart } from "./thread-start";
import { knowledgeBases } from "./kb-schema";
import { withCatalogSnapshot } from "./catalog-cache";
import { getVisibleAgent, listVisibleAgents, listVisibleSubagents } from "./agents";
import { listReadableKnowledgeBases } from "./knowledge-bases";
import { findUsableMcpServers } from "./mcp-servers";
import { listUsableSharedSkills } from "./skills";

let user: Actor;

beforeAll(async () => {
  await createTestDatabase();
  await seedAgents();
  user = await createTestUser("user");
});
afterAll(destroyTestDatabase);

const EVERYONE = { read: { global: true, departmentIds: [], userIds: [] } };
const NOBODY = { read: { global: false, departmentIds: [], userIds: [] } };

/** The SQL texts sent while `fn` runs. */
const sent = async (fn: () => Promise<unknown>) => (await statementsDuring(fn)).sql;

/** A write that goes around every function of ours, as another instance or a manual fix would. */
const raw = async (statement: ReturnType<typeof sql>) => (await getDb()).execute(statement);

describe("the catalog cache", () => {
  it("reads a table again only when its version moved, and a run start reads all versions once", async () => {
    await listVisibleAgents(user); // loaded
    const again = await sent(() => listVisibleAgents(user));
    expect(again.filter((s) => /from "agents"/.test(s))).toEqual([]);
    expect(again.filter((s) => /from "catalog_versions"/.test(s))).toHaveLength(1);

    await Promise.all([listUsableSharedSkills(user), findUsableMcpServers(user), listReadableKnowledgeBases(user)]);
    const start = await sent(() =>
      withCatalogSnapshot(() =>
        Promise.all([
          listVisibleAgents(user),
          listVisibleSubagents(user),
          listUsableSharedSkills(user),
          findUsableMcpServers(user),
          listReadableKnowledgeBases(user),
        ]),
      ),
    );
    expect(start).toHaveLength(1);
    expect(start[0]).toMatch(/from "catalog_versions"/);
  });

  it("sees a write made around our code (raw SQL) at the next read, both ways for access", async () => {
    const id = `agent-${crypto.randomUUID()}`;
    await raw(
      sql`insert into agents (id, slug, name, sharing) values (${id}, ${id}, 'Raw', ${JSON.stringify(EVERYONE)}::jsonb)`,
    );
    expect((await listVisibleAgents(user)).map((a) => a.id)).toContain(id);
    expect((await getVisibleAgent(user, id))?.name).toBe("Raw");

    // Access taken away: gone for the plain user at once; the cache never serves the old rows.
    await raw(sql`update agents set sharing = ${JSON.stringify(NOBODY)}::jsonb where id = ${id}`);
    expect((await listVisibleAgents(user)).map((a) => a.id)).not.toContain(id);
    expect(await getVisibleAgent(user, id)).toBeNull();

    await raw(sql`update agents set sharing = ${JSON.stringify(EVERYONE)}::jsonb where id = ${id}`);
    expect(await getVisibleAgent(user, id)).not.toBeNull();
    await raw(sql`delete from agents where id = ${id}`);
    expect(await getVisibleAgent(user, id)).toBeNull();
  });

  it("a write inside a transaction that rolls back leaves the cached rows as they were", async () => {
    const before = (await listVisibleAgents(user)).map((a) => a.id);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(agents).set({ name: "Never" }).where(eq(agents.isDefault, true));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const after = await listVisibleAgents(user);
    expect(after.map((a) => a.id)).toEqual(before);
    expect(after.map((a) => a.name)).not.toContain("Never");
  });

  it("a knowledge base's mind map being written keeps the cache; a rename does not", async () => {
    const db = await getDb();
    const id = `kb-${crypto.randomUUID()}`;
    await db.insert(knowledgeBases).values({ id, name: "Docs", ownerId: null, sharing: EVERYONE });
    expect((await listReadableKnowledgeBases(user)).find((k) => k.kbId === id)?.name).toBe("Docs");
    const mindmap = await sent(async () => {
      await db.update(knowledgeBases).set({ mindmapStatus: "generating" }).where(eq(knowledgeBases.id, id));
      await listReadableKnowledgeBases(user);
    });
    expect(mindmap.filter((s) => /from "knowledge_bases"/.test(s))).toEqual([]);
    await db.update(knowledgeBases).set({ name: "Handbook" }).where(eq(knowledgeBases.id, id));
    expect((await listReadableKnowledgeBases(user)).find((k) => k.kbId === id)?.name).toBe("Handbook");
  });

  it("hands out frozen rows: a reader cannot change what the next one gets", async () => {
    const [first] = await listVisibleAgents(user);
    expect(() => {
      (first as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (first.sharing as { read?: unknown }).read = null;
    }).toThrow(TypeError);
    expect((await listVisibleAgents(user))[0].name).not.toBe("changed");
  });

  it("a chat's start reads its thread and the versions in one statement, scoped to the actor", async () => {
    const other = await createTestUser("user");
    const id = crypto.randomUUID();
    await (await getDb()).insert(threads).values({ id, userId: user.id, rootThreadId: id, title: "Mine" });
    const mine = await findThreadForStart(user, id);
    expect(mine.thread?.title).toBe("Mine");
    expect(mine.catalog.get("agents")).toBeGreaterThan(0);
    // Another user's thread reads as missing; the versions come all the same.
    const theirs = await findThreadForStart(other, id);
    expect(theirs.thread).toBeNull();
    expect(theirs.catalog).toEqual(mine.catalog);
    const missing = await findThreadForStart(user, crypto.randomUUID());
    expect(missing.thread).toBeNull();

    // Inside a snapshot made from them, catalog reads send nothing at all.
    await listVisibleAgents(user);
    const inSnapshot = await sent(() => withCatalogSnapshot(() => listVisibleAgents(user), mine.catalog));
    expect(inSnapshot).toEqual([]);
  });
});
