import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import { listKnowledgeBases } from "@/lib/db/knowledge-bases";
import { updateKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { searchFullText } from "@/lib/kb/full-text-search";
import { JobRunner } from "@/lib/jobs/runner";
import { retrieve } from "@/lib/kb/retrieve";
import { vectorsAvailable } from "@/lib/db/client";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model";
import { DEMO_KB_ID, seedDemoKnowledgeBase } from "./seed-demo-kb";
import "@/lib/kb/ingest-job";
import "@/lib/kb/embed-job";

let runner: JobRunner;
let demoModel: MockLlmServer;
beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-seed-")));
  // The demo provider, served as the app serves it (no other provider is configured).
  demoModel = await startMockLlmServer();
  vi.stubEnv("DEMO_MODEL_URL", demoModel.url);
  await createTestDatabase();
  runner = new JobRunner({ pollMs: 50 }).start();
});
afterAll(async () => {
  await runner.stop();
  await demoModel.close();
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

describe("the demo knowledge base", () => {
  it("is seeded once on a fresh install, readable by everyone, managed by nobody but the superadmin", async () => {
    expect(await seedDemoKnowledgeBase()).toBe(true);
    expect(await seedDemoKnowledgeBase()).toBe(false);
    const user = await createTestUser("user");
    const [kb] = await listKnowledgeBases(user);
    expect(kb).toMatchObject({ id: DEMO_KB_ID, name: "Meridian guide", access: "read" });
    await expect(updateKnowledgeBase(user, DEMO_KB_ID, { name: "Mine" })).rejects.toMatchObject({
      code: "forbidden:kb",
    });
    const admin = await createTestUser("admin");
    expect((await listKnowledgeBases(admin))[0].access).toBe("read");
  });

  it("indexes the README so the offline demo can retrieve from it", async () => {
    const user = await createTestUser("user");
    for (let i = 0; i < 200; i++) {
      const docs = await listKbDocuments(user, DEMO_KB_ID);
      if (docs.length && docs.every((d) => d.status === "indexed")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const docs = await listKbDocuments(user, DEMO_KB_ID);
    expect(docs.map((d) => [d.name, d.status])).toContainEqual(["README.md", "indexed"]);
    const [hit] = await searchFullText(user, DEMO_KB_ID, "quick start npm install", { topK: 1 });
    expect(hit.fileName).toBe("README.md");
    // It starts with the demo embedding model where vectors can be stored, so the demo answers
    // from hybrid retrieval; without pgvector (CI's PostgreSQL) it is keyword-only and says so.
    const vectors = await vectorsAvailable();
    expect((await listKnowledgeBases(user))[0].embeddingModel).toBe(vectors ? "demo:demo-embedding" : null);
    const hybrid = await retrieve(user, DEMO_KB_ID, "how do I start the app", { mode: "hybrid", topK: 3 });
    expect(hybrid.mode).toBe(vectors ? "hybrid" : "bm25");
    if (!vectors) expect(hybrid.keywordOnly).toEqual({ kind: "no_embedding_model" });
  });
});
