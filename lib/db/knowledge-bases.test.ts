import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import { getDb, vectorsAvailable } from "./client";
import { departments, users } from "./schema";
import { jobs, kbChunks, kbDocuments } from "./kb-schema";
import {
  getKnowledgeBase,
  listKnowledgeBases,
  listReadableKnowledgeBases,
  requireKnowledgeBase,
} from "./knowledge-bases";
import { createKnowledgeBase, deleteKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { kbFileKey, kbFilesStore } from "@/lib/kb/files";
import { loadResourceCatalog } from "@/lib/agent/runtime/resource-catalog";

let superadmin: Actor;
let admin: Actor;
let user: Actor;
let colleague: Actor;
let outsider: Actor;
let otherAdmin: Actor;

const none = { global: false, departmentIds: [] as string[], userIds: [] as string[] };
const sharing = (read: Partial<typeof none>, manage: Partial<typeof none> = {}) => ({
  read: { ...none, ...read },
  manage: { ...none, ...manage },
});
const ids = async (actor: Actor) => (await listKnowledgeBases(actor)).map((k) => k.id);

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-data-")));
  await createTestDatabase();
  const db = await getDb();
  await db.insert(departments).values([
    { id: "d1", name: "Research" },
    { id: "d2", name: "Sales" },
  ]);
  const inDept = async (role: Actor["role"], dept: string | null) => {
    const a = await createTestUser(role);
    await db.update(users).set({ departmentId: dept }).where(eq(users.id, a.id));
    return { ...a, departmentId: dept };
  };
  superadmin = await inDept("superadmin", null);
  admin = await inDept("admin", "d1");
  user = await inDept("user", "d1");
  colleague = await inDept("user", "d1");
  outsider = await inDept("user", "d2");
  otherAdmin = await inDept("admin", "d2");
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

describe("knowledge bases as shared resources", () => {
  it("keeps a new knowledge base private to its owner (and the superadmin) until shared", async () => {
    const kb = await createKnowledgeBase(user, { name: "My notes", description: "Things I read" });
    expect(await ids(user)).toContain(kb.id);
    expect(await ids(superadmin)).toContain(kb.id);
    for (const other of [colleague, admin, outsider, otherAdmin]) {
      expect(await ids(other)).not.toContain(kb.id);
      await expect(requireKnowledgeBase(other, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
      await expect(updateKnowledgeBase(other, kb.id, { name: "taken" })).rejects.toMatchObject({
        code: "not_found:kb",
      });
      await expect(deleteKnowledgeBase(other, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
    }
  });

  it("shared by name for reading: the colleague lists and reads it but may not change or delete it", async () => {
    const kb = await createKnowledgeBase(user, { name: "Shared notes" });
    await updateKnowledgeBase(user, kb.id, { sharing: sharing({ userIds: [colleague.id] }) });
    expect(await ids(colleague)).toContain(kb.id);
    expect((await requireKnowledgeBase(colleague, kb.id)).access).toBe("read");
    await expect(updateKnowledgeBase(colleague, kb.id, { name: "Mine now" })).rejects.toMatchObject({
      code: "forbidden:kb",
    });
    await expect(deleteKnowledgeBase(colleague, kb.id)).rejects.toMatchObject({ code: "forbidden:kb" });
    expect(await ids(outsider)).not.toContain(kb.id);
  });

  it("a manage grant lets the grantee edit and delete", async () => {
    const kb = await createKnowledgeBase(user, {
      name: "Team handbook",
      sharing: sharing({}, { userIds: [colleague.id] }),
    });
    const renamed = await updateKnowledgeBase(colleague, kb.id, { name: "Team handbook v2" });
    expect(renamed.name).toBe("Team handbook v2");
    await deleteKnowledgeBase(colleague, kb.id);
    await expect(requireKnowledgeBase(user, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
  });

  it("plain users share with named people only; admins within their department; the superadmin globally", async () => {
    await expect(
      createKnowledgeBase(user, { name: "Too wide", sharing: sharing({ departmentIds: ["d1"] }) }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
    await expect(
      createKnowledgeBase(user, { name: "Too wide", sharing: sharing({ global: true }) }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
    await expect(
      createKnowledgeBase(admin, { name: "Other dept", sharing: sharing({ departmentIds: ["d2"] }) }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
    const own = await createKnowledgeBase(user, { name: "Private again" });
    await expect(updateKnowledgeBase(user, own.id, { sharing: sharing({ global: true }) })).rejects.toMatchObject({
      code: "forbidden:sharing",
    });

    const dept = await createKnowledgeBase(admin, {
      name: "Research wiki",
      sharing: sharing({ departmentIds: ["d1"] }),
    });
    expect(await ids(colleague)).toContain(dept.id);
    expect(await ids(outsider)).not.toContain(dept.id);
    expect(await ids(otherAdmin)).not.toContain(dept.id);
    const global = await createKnowledgeBase(superadmin, {
      name: "Company policies",
      sharing: sharing({ global: true }),
    });
    expect(await ids(outsider)).toContain(global.id);
    expect((await requireKnowledgeBase(otherAdmin, global.id)).access).toBe("read");
  });

  it("accepts only an enabled embedding model, and only where pgvector is installed", async () => {
    await expect(createKnowledgeBase(user, { name: "Bad", embeddingModel: "demo:demo-chat" })).rejects.toMatchObject({
      code: "bad_request:kb",
      message: expect.stringContaining("not an enabled embedding model"),
    });
    const kb = await createKnowledgeBase(user, { name: "Semantic" });
    await expect(
      updateKnowledgeBase(user, kb.id, { embeddingModel: "nowhere:text-embedding-3-small" }),
    ).rejects.toMatchObject({ code: "bad_request:kb", message: expect.stringContaining("not an enabled embedding") });
    if (await vectorsAvailable()) {
      const semantic = await updateKnowledgeBase(user, kb.id, { embeddingModel: "demo:demo-embedding" });
      expect(semantic.embeddingModel).toBe("demo:demo-embedding");
    } else {
      // PostgreSQL without the extension: the model is refused with the reason, the KB keeps full text search.
      await expect(updateKnowledgeBase(user, kb.id, { embeddingModel: "demo:demo-embedding" })).rejects.toMatchObject({
        code: "bad_request:kb",
        message: expect.stringContaining("no pgvector extension"),
      });
    }
    expect((await updateKnowledgeBase(user, kb.id, { embeddingModel: null })).embeddingModel).toBeNull();
  });

  it("counts documents, chunks, documents in progress and failed ones", async () => {
    const kb = await createKnowledgeBase(user, { name: "Counted" });
    const db = await getDb();
    await db.insert(kbDocuments).values([
      { id: crypto.randomUUID(), kbId: kb.id, name: "a.md", status: "indexed", chunkCount: 3 },
      { id: crypto.randomUUID(), kbId: kb.id, name: "b.md", status: "parsing" },
      { id: crypto.randomUUID(), kbId: kb.id, name: "c.pdf", status: "error_parsing", error: "broken" },
    ]);
    expect((await getKnowledgeBase(user, kb.id)).counts).toEqual({
      documentCount: 3,
      chunkCount: 3,
      processingCount: 1,
      errorCount: 1,
    });
    const listed = (await listKnowledgeBases(user)).find((k) => k.id === kb.id)!;
    expect(listed.counts).toEqual({ documentCount: 3, chunkCount: 3, processingCount: 1, errorCount: 1 });
    await expect(getKnowledgeBase(outsider, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
  });

  it("deleting a knowledge base removes its documents, chunks, queued jobs and files; others stay", async () => {
    const db = await getDb();
    const [doomed, kept] = [
      await createKnowledgeBase(user, { name: "Doomed" }),
      await createKnowledgeBase(user, { name: "Kept" }),
    ];
    for (const kb of [doomed, kept]) {
      const docId = crypto.randomUUID();
      await db.insert(kbDocuments).values({ id: docId, kbId: kb.id, name: "x.md", status: "indexed", chunkCount: 1 });
      await db.insert(kbChunks).values({
        kbId: kb.id,
        documentId: docId,
        ordinal: 0,
        content: "hello",
        startLine: 1,
        endLine: 1,
        search: sql`to_tsvector('simple', 'hello')`,
      });
      await db
        .insert(jobs)
        .values({ id: crypto.randomUUID(), kind: "kb.ingest", payload: { kbId: kb.id, documentId: docId } });
      await kbFilesStore().write(kbFileKey(kb.id, docId), "hello");
    }
    await deleteKnowledgeBase(user, doomed.id);
    const left = async (kbId: string) => ({
      documents: (await db.select().from(kbDocuments).where(eq(kbDocuments.kbId, kbId))).length,
      chunks: (await db.select().from(kbChunks).where(eq(kbChunks.kbId, kbId))).length,
      jobs: (await db.execute(sql`select 1 from jobs where payload->>'kbId' = ${kbId}`)).rows.length,
      files: (await kbFilesStore().stat(kbId)) !== null,
    });
    expect(await left(doomed.id)).toEqual({ documents: 0, chunks: 0, jobs: 0, files: false });
    expect(await left(kept.id)).toEqual({ documents: 1, chunks: 1, jobs: 1, files: true });
  });

  it("validates names and chunking", async () => {
    const { kbBody } = await import("@/lib/kb/kb-body");
    expect(kbBody.safeParse({ name: "  " }).success).toBe(false);
    expect(kbBody.safeParse({ name: "ok", chunking: { chunkSize: 10 } }).success).toBe(false);
    expect(kbBody.safeParse({ name: "ok", chunking: { chunkSize: 256, chunkOverlap: 200 } }).success).toBe(false);
    expect(kbBody.safeParse({ name: "ok", chunking: { chunkSize: 256, chunkOverlap: 32 } }).success).toBe(true);
    expect(kbBody.safeParse({ name: "ok", owner: "me" }).success).toBe(false);
  });
});

describe("the runtime sees exactly the readable knowledge bases", () => {
  it("lists them in the resource catalog, with the fields the tools show", async () => {
    const mine = await createKnowledgeBase(outsider, { name: "Sales playbook", description: "How we sell" });
    const readable = await listReadableKnowledgeBases(outsider);
    expect(readable).toContainEqual({
      kbId: mine.id,
      name: "Sales playbook",
      description: "How we sell",
      kbType: "general",
    });
    const catalog = await loadResourceCatalog(outsider);
    expect(catalog.knowledgeBases.map((k) => k.kbId).sort()).toEqual(readable.map((k) => k.kbId).sort());
    expect((await loadResourceCatalog(colleague)).knowledgeBases.map((k) => k.kbId)).not.toContain(mine.id);
  });
});
