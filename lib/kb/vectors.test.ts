import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readUntil } from "@/lib/testing/wait";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAgentHarness, createTestUser, insertTestProvider, type AgentHarness } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { vectorsAvailable } from "@/lib/db/client";
import { createKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { countKbEmbeddings } from "@/lib/db/kb-vectors";
import type { KbSearchHit } from "@/lib/db/kb-search";
import { JobRunner } from "@/lib/jobs/runner";
import { fuse, retrieve } from "./retrieve";
import "./ingest-job";
import "./embed-job";

/**
 * Dense retrieval: chunks embedded through the scripted server's
 * /v1/embeddings over HTTP, stored with pgvector, searched through HNSW, fused with full text.
 * PostgreSQL servers without pgvector (CI's Debian 15) refuse embedding models clearly instead.
 */

const EMBEDDING = "vec:demo-embedding";
let h: AgentHarness;
let runner: JobRunner;
let owner: Actor;
let stranger: Actor;
let vectors: boolean;
const enc = (s: string) => Buffer.from(s, "utf8");

const GARDEN = `# Garden guide

## Tomatoes
Tomato seedlings need twelve hours of light and a warm windowsill before they move outside.

## Compost
Turn the compost heap every fortnight so the middle stays warm and the worms stay busy.`;
const BIKES = `# Bicycle care

## Chains
Clean and oil the chain after every wet ride, then wipe off what the links did not take up.`;

const settled = (kbId: string) =>
  readUntil(
    () => listKbDocuments(owner, kbId),
    (docs) => docs.every((d) => ["indexed", "error_parsing", "error_indexing"].includes(d.status)),
  );

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-vectors-")));
  h = await startAgentHarness();
  await insertTestProvider("vec", h.mock.url, [
    { id: "mock-chat", type: "chat" },
    { id: "demo-embedding", type: "embedding" },
  ]);
  owner = await createTestUser("user");
  stranger = await createTestUser("user");
  vectors = await vectorsAvailable();
  runner = new JobRunner({ pollMs: 50, leaseMs: 2000, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

const hit = (chunkId: number, score: number): KbSearchHit => ({
  chunkId,
  fileId: "f",
  fileName: "f.md",
  content: "",
  startLine: 1,
  endLine: 1,
  headingPath: [],
  score,
});

describe("fusing dense and full-text results", () => {
  it("weighs dense 0.7 and full text 0.3 on scaled scores, and ranks by reciprocal rank, both lists alike, with rrf", () => {
    const dense = [hit(1, 0.9), hit(2, 0.8), hit(3, 0.1)];
    const text = [hit(3, 12), hit(4, 6), hit(2, 0)];
    // chunk 1: 0.7*1; chunk 2: 0.7*0.875 + 0.3*0; chunk 3: 0.7*0 + 0.3*1; chunk 4: 0.3*0.5
    expect(fuse(dense, text, 4, "weighted").map((x) => x.chunkId)).toEqual([1, 2, 3, 4]);
    expect(fuse(dense, text, 2, "weighted")).toHaveLength(2);
    // Found by both lists beats found by one, whatever the raw scores.
    expect(fuse(dense, text, 4, "rrf").map((x) => x.chunkId)).toEqual([3, 2, 1, 4]);
    // rrf weighs both lists alike: each list's first ranks above either list's second.
    const alike = fuse([hit(10, 0.9), hit(11, 0.8)], [hit(12, 9), hit(13, 8)], 4, "rrf");
    expect(alike.map((x) => x.chunkId)).toEqual([10, 12, 11, 13]);
    expect(fuse([], text, 3, "weighted").map((x) => x.chunkId)).toEqual([3, 4, 2]);
  });
});

describe("dense retrieval", () => {
  it("embeds every chunk, finds by meaning through vector and hybrid search, and only for readers", async () => {
    if (!vectors) {
      // PostgreSQL without pgvector: an embedding model is refused with the reason; search stays full text.
      await expect(createKnowledgeBase(owner, { name: "Garden", embeddingModel: EMBEDDING })).rejects.toMatchObject({
        code: "bad_request:kb",
        message: expect.stringMatching(/pgvector/),
      });
      const kb = await createKnowledgeBase(owner, { name: "Garden" });
      await expect(retrieve(owner, kb.id, "tomatoes", { mode: "vector", topK: 5 })).rejects.toMatchObject({
        code: "bad_request:kb",
      });
      expect((await retrieve(owner, kb.id, "tomatoes", { mode: "hybrid", topK: 5 })).mode).toBe("bm25");
      return;
    }
    const kb = await createKnowledgeBase(owner, { name: "Garden", embeddingModel: EMBEDDING });
    await addKbDocuments(owner, kb.id, [
      { name: "garden.md", bytes: enc(GARDEN) },
      { name: "bikes.md", bytes: enc(BIKES) },
    ]);
    const docs = await settled(kb.id);
    expect(docs.map((d) => d.status)).toEqual(["indexed", "indexed"]);
    const chunks = docs.reduce((n, d) => n + d.chunkCount, 0);
    expect(await countKbEmbeddings(kb.id)).toBe(chunks);

    const near = await retrieve(owner, kb.id, "how much light do tomato seedlings need", { mode: "vector", topK: 3 });
    expect(near.mode).toBe("vector");
    expect(near.results[0]).toMatchObject({ fileName: "garden.md", headingPath: ["Garden guide", "Tomatoes"] });
    expect(near.results[0].score).toBeGreaterThan(near.results.at(-1)!.score);
    expect(near.embedMs).toBeGreaterThanOrEqual(0);

    const both = await retrieve(owner, kb.id, "oil the chain after a wet ride", { mode: "hybrid", topK: 10 });
    expect(both.mode).toBe("hybrid");
    expect(both.results[0].fileName).toBe("bikes.md");
    expect(new Set(both.results.map((r) => r.chunkId)).size).toBe(both.results.length);

    const onlyGarden = await retrieve(owner, kb.id, "oil the chain", {
      mode: "vector",
      topK: 5,
      fileName: "garden.md",
    });
    expect(onlyGarden.results.every((r) => r.fileName === "garden.md")).toBe(true);

    await expect(retrieve(stranger, kb.id, "tomatoes", { mode: "vector", topK: 5 })).rejects.toMatchObject({
      code: "not_found:kb",
    });
  });

  it("re-embeds every chunk when the embedding model changes, and drops vectors when it is removed", async () => {
    if (!vectors) return; // covered by the refusal above
    const kb = await createKnowledgeBase(owner, { name: "Later vectors" });
    await addKbDocuments(owner, kb.id, [{ name: "garden.md", bytes: enc(GARDEN) }]);
    const [doc] = await settled(kb.id);
    expect(await countKbEmbeddings(kb.id)).toBe(0);
    await expect(retrieve(owner, kb.id, "compost", { mode: "vector", topK: 5 })).rejects.toMatchObject({
      code: "bad_request:kb",
      message: expect.stringMatching(/no embedding model/),
    });

    await updateKnowledgeBase(owner, kb.id, { embeddingModel: EMBEDDING });
    expect(
      await readUntil(
        () => countKbEmbeddings(kb.id),
        (n) => n === doc.chunkCount,
      ),
    ).toBe(doc.chunkCount);
    expect(
      (await retrieve(owner, kb.id, "turn the compost heap", { mode: "vector", topK: 1 })).results[0].content,
    ).toMatch(/compost heap/);

    await updateKnowledgeBase(owner, kb.id, { embeddingModel: null });
    expect(await countKbEmbeddings(kb.id)).toBe(0);
    expect((await retrieve(owner, kb.id, "compost", { mode: "hybrid", topK: 5 })).mode).toBe("bm25");
  });

  it("fails indexing with the reason when the embedding endpoint refuses, and a hybrid query falls back to full text", async () => {
    if (!vectors) return;
    const key = `embed-${crypto.randomUUID()}`;
    await h.client.script(key, [{ fault: { status: 401 } }]);
    const kb = await createKnowledgeBase(owner, { name: "Refused", embeddingModel: EMBEDDING });
    await addKbDocuments(owner, kb.id, [{ name: "note.md", bytes: enc(`# Note\nA plain note ${scriptMarker(key)}`) }]);
    const [doc] = await settled(kb.id);
    expect(doc.status).toBe("error_indexing");
    expect(doc.error).toMatch(/Embedding failed: The provider rejected the API key/);

    await h.client.script(key, [{ fault: { status: 500 } }]);
    const fallback = await retrieve(owner, kb.id, `plain note ${scriptMarker(key)}`, { mode: "hybrid", topK: 5 });
    expect(fallback.mode).toBe("bm25");
  });
});
