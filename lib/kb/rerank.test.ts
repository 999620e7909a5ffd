import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAgentHarness, createTestUser, insertTestProvider, type AgentHarness } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { rerankScore } from "@/lib/demo-model/rerank";
import type { Actor } from "@/lib/identity/actor";
import { createKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { JobRunner } from "@/lib/jobs/runner";
import { readUntil } from "@/lib/testing/wait";
import { retrieve } from "./retrieve";
import "./ingest-job";

/**
 * The optional rerank step: the knowledge base's rerank model (the scripted
 * server's `/v1/rerank` over HTTP) reorders the retrieved passages; when it fails, the search
 * order stays and the answer says so.
 */

const RERANK = "rr:demo-rerank";
let h: AgentHarness;
let runner: JobRunner;
let owner: Actor;
let stranger: Actor;
let kbId: string;
const enc = (s: string) => Buffer.from(s, "utf8");

// Three sections that all hold "ferry"; only one also holds "timetable" and "winter".
const DOC = `# Ferries

## Summer
The ferry ferry ferry leaves hourly in summer, ferry crossings are frequent, ferry ferry.

## Winter timetable
In winter the ferry timetable has two crossings a day.

## Tickets
Ferry tickets are sold on board the ferry.`;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-rerank-")));
  h = await startAgentHarness();
  await insertTestProvider("rr", h.mock.url, [
    { id: "mock-chat", type: "chat" },
    { id: "demo-rerank", type: "rerank" },
    { id: "off-rerank", type: "rerank", enabled: false },
  ]);
  owner = await createTestUser("user");
  stranger = await createTestUser("user");
  runner = new JobRunner({ pollMs: 50, leaseMs: 2000, retryBaseMs: 20 }).start();
  const kb = await createKnowledgeBase(owner, { name: "Ferries", chunking: { chunkSize: 64, chunkOverlap: 0 } });
  kbId = kb.id;
  await addKbDocuments(owner, kbId, [{ name: "ferries.md", bytes: enc(DOC) }]);
  await readUntil(
    () => listKbDocuments(owner, kbId),
    ([doc]) => doc.status === "indexed",
  );
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

describe("reranking", () => {
  it("the scripted rerank scores the share of the query's words a passage holds", () => {
    expect(rerankScore("winter ferry timetable", "In winter the ferry timetable")).toBe(1);
    expect(rerankScore("winter ferry timetable", "the ferry leaves")).toBeCloseTo(1 / 3);
    expect(rerankScore("年假 申请", "每位员工的年假需要提前申请")).toBeGreaterThan(0);
  });

  it("reorders the passages with the knowledge base's rerank model, and not without one", async () => {
    const query = "ferry winter timetable";
    const plain = await retrieve(owner, kbId, query, { mode: "bm25", topK: 3 });
    expect(plain.reranked).toBeUndefined();

    await updateKnowledgeBase(owner, kbId, { rerankModel: RERANK });
    const reranked = await retrieve(owner, kbId, query, { mode: "bm25", topK: 2 });
    expect(reranked.reranked).toBe(true);
    expect(reranked.results).toHaveLength(2);
    expect(reranked.results[0].headingPath).toEqual(["Ferries", "Winter timetable"]);
    expect(reranked.results[0].score).toBe(1); // the rerank model's relevance, not the search score
    expect(reranked.results[0].score).toBeGreaterThan(reranked.results[1].score);

    const sent = (await h.client.requests()).filter((r) => r.path === "/rerank").at(-1)!.body as {
      query: string;
      documents: string[];
    };
    expect(sent.query).toBe(query);
    expect(sent.documents.length).toBeGreaterThanOrEqual(2); // more candidates than top-k
    expect(sent.documents.some((d) => d.startsWith("Ferries > Winter timetable\n\n"))).toBe(true);
  });

  it("keeps the search order and says so when the rerank model fails", async () => {
    await updateKnowledgeBase(owner, kbId, { rerankModel: RERANK });
    const key = `rerank-${crypto.randomUUID()}`;
    await h.client.script(key, [{ fault: { status: 503 } }]);
    const query = `ferry winter timetable ${scriptMarker(key)}`;
    const failed = await retrieve(owner, kbId, query, { mode: "bm25", topK: 2 });
    expect(failed.reranked).toBe(false);
    expect(failed.results).toHaveLength(2);
    await updateKnowledgeBase(owner, kbId, { rerankModel: null });
    const plain = await retrieve(owner, kbId, query, { mode: "bm25", topK: 2 });
    expect(failed.results.map((r) => r.chunkId)).toEqual(plain.results.map((r) => r.chunkId));
  });

  it("accepts only enabled rerank models, from managers, and never answers a stranger", async () => {
    for (const spec of ["rr:off-rerank", "rr:mock-chat", "nowhere:x"])
      await expect(updateKnowledgeBase(owner, kbId, { rerankModel: spec })).rejects.toMatchObject({
        code: "bad_request:kb",
      });
    await expect(updateKnowledgeBase(stranger, kbId, { rerankModel: RERANK })).rejects.toMatchObject({
      code: "not_found:kb",
    });
    await expect(retrieve(stranger, kbId, "ferry", { mode: "bm25", topK: 2 })).rejects.toMatchObject({
      code: "not_found:kb",
    });
  });
});
