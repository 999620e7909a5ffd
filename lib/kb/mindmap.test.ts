import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readUntil } from "@/lib/testing/wait";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAgentHarness, createTestUser, MOCK_PROVIDER, type AgentHarness } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { createKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { readMindmap } from "@/lib/db/kb-mindmap";
import { requestMindmap } from "./mindmap-request";
import type { KbMindmapNode } from "@/lib/db/kb-schema";
import { PRIVATE } from "@/lib/sharing/types";
import { JobRunner } from "@/lib/jobs/runner";
import type { AgentRuntimeContext, VisibleKnowledgeBase } from "@/lib/agent/runtime/context-types";
import { outlineOf, parseMindmapAnswer, mindmapMessages, MINDMAP_LIMITS } from "./mindmap-prompt";
import { getMindmap } from "@/lib/agent/tools/kb-tool-runs";
import "./ingest-job";
import "./mindmap-job";

/**
 * The mind map: written by the knowledge base's model (the scripted server over HTTP)
 * from titles and headings, stored, regenerated on request, readable by readers only, and read
 * by get_mindmap. A model that answers with something else leaves the reason and the old map.
 */

let h: AgentHarness;
let runner: JobRunner;
let owner: Actor;
let reader: Actor;
let stranger: Actor;
const enc = (s: string) => Buffer.from(s, "utf8");

const HANDBOOK = `# Support handbook

Intro line.

## Refunds
Within fourteen days.

### Damaged parcels
Photos first.

\`\`\`md
# not a heading inside a fence
\`\`\`

## Shipping
Ferries on Thursdays.`;
const ZH = `# 员工手册\n\n## 年假\n十五天。\n\n## 报销\n三十天内。`;

async function kbWithDocuments(description = "") {
  const kb = await createKnowledgeBase(owner, {
    name: "Handbooks",
    description,
    sharing: { read: { global: false, departmentIds: [], userIds: [reader.id] }, manage: PRIVATE.manage },
  });
  await addKbDocuments(owner, kb.id, [
    { name: "support.md", bytes: enc(HANDBOOK) },
    { name: "员工手册.md", bytes: enc(ZH) },
  ]);
  await readUntil(
    () => listKbDocuments(owner, kb.id),
    (docs) => docs.every((d) => d.status === "indexed"),
  );
  return kb;
}

const ctxOf = (actor: Actor, visible: VisibleKnowledgeBase[]) =>
  ({ actor, visibleKnowledgeBases: visible }) as unknown as AgentRuntimeContext;

const titles = (n: KbMindmapNode): string[] => [n.title, ...(n.children ?? []).flatMap(titles)];

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-mindmap-")));
  h = await startAgentHarness();
  owner = await createTestUser("user");
  reader = await createTestUser("user");
  stranger = await createTestUser("user");
  runner = new JobRunner({ pollMs: 50, leaseMs: 2000, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

describe("the mind map prompt", () => {
  it("outlines headings outside code fences with their lines, and a first line for documents without headings", () => {
    const outline = outlineOf({ id: "a", name: "support.md", content: HANDBOOK });
    expect(outline.headings).toEqual([
      { level: 1, text: "Support handbook", line: 1 },
      { level: 2, text: "Refunds", line: 5 },
      { level: 3, text: "Damaged parcels", line: 8 },
      { level: 2, text: "Shipping", line: 15 },
    ]);
    const plain = outlineOf({ id: "b", name: "notes.txt", content: "\n\nFirst real line.\nSecond." });
    expect(plain).toMatchObject({ headings: [], excerpt: "First real line." });
    const [, user] = mindmapMessages({ name: "KB", description: "" }, [outline, plain]);
    expect(user.content).toContain("[d1:8] ### Damaged parcels");
    expect(user.content).toContain("[d2] notes.txt\n  excerpt: First real line.");
  });

  it("turns the answer into a tree with refs resolved, and refuses what is not one", () => {
    const docs = [outlineOf({ id: "doc-1", name: "support.md", content: HANDBOOK })];
    const answer =
      'Here it is:\n```json\n{"title":"KB","children":[{"title":"Refunds","ref":"d1:5","children":[{"title":"Bad ref","ref":"d9:1"},{"title":"Wrong line","ref":"d1:6"}]}]}\n```';
    expect(parseMindmapAnswer(answer, docs, "KB")).toEqual({
      title: "KB",
      children: [
        {
          title: "Refunds",
          docId: "doc-1",
          line: 5,
          children: [{ title: "Bad ref" }, { title: "Wrong line", docId: "doc-1" }],
        },
      ],
    });
    expect(parseMindmapAnswer("I cannot do that.", docs, "KB")).toBeNull();
    expect(parseMindmapAnswer('{"title":"KB","children":[]}', docs, "KB")).toBeNull();
    expect(parseMindmapAnswer('{"title": 3}', docs, "KB")).toBeNull();
    const wide = { title: "KB", children: Array.from({ length: 100 }, (_, i) => ({ title: `t${i}` })) };
    const capped = parseMindmapAnswer(JSON.stringify(wide), docs, "KB")!;
    expect(capped.children).toHaveLength(MINDMAP_LIMITS.childrenPerNode);
  });
});

describe("generating a mind map", () => {
  it("is written by the model from the documents' headings, stored, and read by readers and get_mindmap", async () => {
    const kb = await kbWithDocuments();
    expect((await readMindmap(owner, kb.id)).status).toBe("none");
    expect((await requestMindmap(owner, kb.id)).status).toBe("generating");
    const map = await readUntil(
      () => readMindmap(reader, kb.id),
      (m) => m.status !== "generating",
    );
    expect(map.status).toBe("ready");
    expect(map.updatedAt).not.toBeNull();
    const all = titles(map.tree!);
    expect(all).toEqual(expect.arrayContaining(["Support handbook", "Refunds", "Damaged parcels", "员工手册", "年假"]));
    expect(all).not.toContain("not a heading inside a fence");
    const refunds = map.tree!.children!.flatMap((c) => c.children ?? []).find((n) => n.title === "Refunds")!;
    expect(map.documents[refunds.docId!]).toBe("support.md");
    expect(refunds.line).toBe(5);

    // The model saw titles and headings, not the documents' bodies.
    const sent = (await h.client.requests()).filter((r) => r.path === "/chat/completions");
    const prompt = JSON.stringify(sent.at(-1)?.body);
    expect(prompt).toContain("[d1:5] ## Refunds");
    expect(prompt).not.toContain("Ferries on Thursdays");

    const visible = [{ kbId: kb.id, name: kb.name, description: "", kbType: "general" }];
    const text = await getMindmap(ctxOf(reader, visible), visible[0]);
    expect(text).toContain('Mind map of "Handbooks"');
    expect(text).toContain(`- Refunds (support.md, line 5; file_id ${refunds.docId})`);
  });

  it("may be asked for only by managers; a stranger does not learn the knowledge base exists", async () => {
    const kb = await kbWithDocuments();
    await expect(requestMindmap(reader, kb.id)).rejects.toMatchObject({ code: "forbidden:kb" });
    await expect(requestMindmap(stranger, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
    await expect(readMindmap(stranger, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
    expect((await readMindmap(owner, kb.id)).status).toBe("none");
  });

  it("needs indexed documents and an available model", async () => {
    const empty = await createKnowledgeBase(owner, { name: "Empty" });
    await expect(requestMindmap(owner, empty.id)).rejects.toMatchObject({ code: "conflict:kb" });
    await expect(updateKnowledgeBase(owner, empty.id, { model: "nowhere:none" })).rejects.toMatchObject({
      code: "bad_request:kb",
    });
    await updateKnowledgeBase(owner, empty.id, { model: `${MOCK_PROVIDER}:mock-fallback` });
    expect((await readMindmap(owner, empty.id)).model).toBe(`${MOCK_PROVIDER}:mock-fallback`);
  });

  it("keeps the previous map and says why when the model answers with something else", async () => {
    const key = `mindmap-${crypto.randomUUID()}`;
    const kb = await kbWithDocuments(`Team handbooks ${scriptMarker(key)}`);
    await h.client.script(key, [{ text: '{"title":"Handbooks","children":[{"title":"Policies","ref":"d1"}]}' }]);
    await requestMindmap(owner, kb.id);
    const first = await readUntil(
      () => readMindmap(owner, kb.id),
      (m) => m.status !== "generating",
    );
    expect(first.status).toBe("ready");
    expect(titles(first.tree!)).toEqual(["Handbooks", "Policies"]);

    await h.client.script(key, [{ text: "Sorry, I can only chat." }, { text: "Still no." }]);
    await requestMindmap(owner, kb.id);
    const failed = await readUntil(
      () => readMindmap(owner, kb.id),
      (m) => m.status !== "generating",
    );
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/did not answer with a mind map/);
    expect(failed.tree).toEqual(first.tree);
    const visible = [{ kbId: kb.id, name: kb.name, description: "", kbType: "general" }];
    expect(await getMindmap(ctxOf(owner, visible), visible[0])).toContain("- Policies");
  });

  it("tells the model when there is no map yet", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Fresh" });
    const visible = [{ kbId: kb.id, name: kb.name, description: "", kbType: "general" }];
    expect(await getMindmap(ctxOf(owner, visible), visible[0])).toMatch(/has no mind map yet .*Mind map tab/);
  });
});
