import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { listReadableKnowledgeBases } from "@/lib/db/knowledge-bases";
import { createKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { JobRunner } from "@/lib/jobs/runner";
import { kbTools } from "@/lib/agent/tools/kb-tools";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import "@/lib/kb/ingest-job";

let owner: Actor;
let reader: Actor;
let runner: JobRunner;
let kbId: string;
let otherKbId: string;
let guideId: string;
const ROOT = crypto.randomUUID();

const GUIDE = [
  "# Operations guide",
  "## Backups",
  ...Array.from({ length: 60 }, (_, i) => `Step ${i + 1}: check the rack labelled R${i + 1} for blinking lights.`),
  "The backup password rotates every ninety days.",
  "## Contacts",
  "Call Priya for network outages.",
].join("\n");

const ctxFor = async (actor: Actor) =>
  ({ actor, visibleKnowledgeBases: await listReadableKnowledgeBases(actor) }) as AgentRuntimeContext;
const call = async (actor: Actor, name: string, args: Record<string, unknown>) =>
  kbTools[name]!(await ctxFor(actor)).invoke(args, {
    context: { userId: actor.id, threadId: ROOT, rootThreadId: ROOT, runId: "run-1", agentId: null },
  });

async function indexed(kb: string) {
  for (let i = 0; i < 400; i++) {
    const docs = await listKbDocuments(owner, kb);
    if (docs.every((d) => d.status === "indexed")) return docs;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("not indexed");
}

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-tools-")));
  await createTestDatabase();
  owner = await createTestUser("user");
  reader = await createTestUser("user");
  runner = new JobRunner({ pollMs: 50 }).start();
  kbId = (await createKnowledgeBase(owner, { name: "Ops", description: "How we run things" })).id;
  otherKbId = (await createKnowledgeBase(owner, { name: "Finance" })).id;
  [{ id: guideId }] = await addKbDocuments(owner, kbId, [
    { name: "guide.md", bytes: Buffer.from(GUIDE) },
    { name: "holidays.txt", bytes: Buffer.from("The office closes on the first of May.") },
  ]);
  await addKbDocuments(owner, otherKbId, [
    { name: "budget.md", bytes: Buffer.from("The travel budget is 4000 euros.") },
  ]);
  await Promise.all([indexed(kbId), indexed(otherKbId)]);
});
afterAll(async () => {
  await runner.stop();
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

describe("the knowledge-base tools on real documents", () => {
  it("query_kb returns the passage with its file, id, lines and section", async () => {
    const out = await call(owner, "query_kb", { kb_id: kbId, query_text: "how often does the backup password rotate" });
    expect(out).toContain("The backup password rotates every ninety days.");
    expect(out).toMatch(
      new RegExp(`\\[1\\] guide\\.md \\(file_id: ${guideId}\\), lines \\d+-\\d+, section: Operations guide > Backups`),
    );
    const filtered = await call(owner, "query_kb", { kb_id: kbId, query_text: "office", file_name: "guide.md" });
    expect(filtered).toMatch(/^No passages/);
  });

  it("open_kb_document reads numbered windows and says whether more follows", async () => {
    const first = await call(owner, "open_kb_document", { kb_id: kbId, file_id: guideId, line: 1, window_size: 200 });
    expect(first).toContain("     1\t# Operations guide");
    expect(first).toMatch(/has_more: true \(continue with offset=\d+\); has_previous: false/);
    const end = await call(owner, "open_kb_document", { kb_id: kbId, file_id: guideId, line: 64, window_size: 2000 });
    expect(end).toContain("    65\tCall Priya for network outages.");
    expect(end).toMatch(/has_more: false; has_previous: true/);
  });

  it("find_kb_document shows line-numbered windows around matches, and reports a bad pattern", async () => {
    const out = await call(owner, "find_kb_document", {
      kb_id: kbId,
      file_id: guideId,
      patterns: ["PRIYA"],
      window_size: 40,
    });
    expect(out).toMatch(/^1 matching line\(s\) in guide\.md/);
    expect(out).toContain("    65\tCall Priya for network outages.");
    const many = await call(owner, "find_kb_document", {
      kb_id: kbId,
      file_id: guideId,
      patterns: ["R\\d+0 "],
      use_regex: true,
      case_sensitive: true,
      max_windows: 2,
      window_size: 10,
    });
    expect(many).toMatch(/^6 matching line\(s\) .*; 2 window\(s\)/);
    expect(
      await call(owner, "find_kb_document", { kb_id: kbId, file_id: guideId, patterns: ["("], use_regex: true }),
    ).toMatch(/^Error: invalid regular expression/);
  });

  it("search_file lists documents by name across the visible knowledge bases, a page at a time", async () => {
    const all = await call(owner, "search_file", {});
    expect(all).toMatch(/^3 document\(s\):/);
    expect(all).toContain("budget.md");
    const page = await call(owner, "search_file", { limit: 1, offset: 1 });
    expect(page).toMatch(/^3 document\(s\), showing 2-2:/);
    expect(page).toContain("has_more: true (continue with offset=2)");
    expect(await call(owner, "search_file", { kb_name: "Ops", query: "HOLI" })).toContain("holidays.txt");
  });

  it("download_kb_file copies the original into the conversation's outputs/, never overwriting", async () => {
    const out = await call(owner, "download_kb_file", { kb_id: kbId, file_id: guideId });
    const target = `${workdirOf(ROOT)}/outputs/guide.md`;
    expect(out).toBe(`Saved guide.md (${Buffer.byteLength(GUIDE)} bytes) from "Ops" to ${target}.`);
    expect((await openWorkspace(owner.id).readBytes(target)).toString()).toBe(GUIDE);
    expect(await call(owner, "download_kb_file", { kb_id: kbId, file_id: guideId })).toContain("outputs/guide (1).md");
  });

  it("refuses what the user cannot read, even in a crafted call", async () => {
    // Not shared: the reader sees no knowledge base at all.
    expect(await call(reader, "query_kb", { kb_id: kbId, query_text: "password" })).toBe(
      "No knowledge bases are available to you yet.",
    );
    const share = (ids: string[]) => ({
      read: { global: false, departmentIds: [], userIds: ids },
      manage: { global: false, departmentIds: [], userIds: [] },
    });
    await updateKnowledgeBase(owner, otherKbId, { sharing: share([reader.id]) });
    // Shared Finance only: a file id of Ops through Finance, and Ops itself, are refused.
    expect(await call(reader, "open_kb_document", { kb_id: otherKbId, file_id: guideId })).toMatch(
      /^Error: This document is not in the knowledge base/,
    );
    expect(await call(reader, "query_kb", { kb_id: kbId, query_text: "password" })).toMatch(
      /no knowledge base with the id/,
    );
    // Access withdrawn after the run started: the data access refuses although the run's list still has it.
    const ctx = await ctxFor(reader);
    await updateKnowledgeBase(owner, otherKbId, { sharing: share([]) });
    expect(await kbTools.query_kb!(ctx).invoke({ kb_id: otherKbId, query_text: "budget" })).toMatch(
      /^Error: This knowledge base does not exist or is not shared with you/,
    );
  });
});
