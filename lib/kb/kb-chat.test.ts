import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  dataParts,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { getDefaultAgent } from "@/lib/db/agents";
import { createKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import { seedSkills } from "@/lib/bootstrap/seed-skills";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { JobRunner } from "@/lib/jobs/runner";
import { countTextTokens } from "@/lib/agent/token-count";
import { QUERY_KB_BUDGET_TOKENS } from "@/lib/agent/tools/kb-passages";
import "./ingest-job";

/**
 * A knowledge-base question end to end through the real run path: the scripted model reads the built-in
 * knowledge-base SKILL.md, calls list_kbs and query_kb, and the document's fact reaches it in the
 * tool result. What the model received is read from the scripted server's request log.
 */
type Body = { messages: { role: string; content: unknown }[] };

let h: AgentHarness;
let runner: JobRunner;
let owner: Actor;
let stranger: Actor;
let kbId: string;
let bodies: Body[];
let sources: ReturnType<typeof dataParts<"kb-sources">>;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const SKILL = "/home/gem/skills/knowledge-base/SKILL.md";
const FACT = "The Oslo office keeps its spare keys in the blue cabinet behind reception.";
const PRESSURE_FACT = "The boiler pressure must stay between 1.2 and 1.5 bar while the heating runs.";
/** Eight sections of about 2,000 characters, each one chunk; the fact ends the third. */
const HANDBOOK = Array.from({ length: 8 }, (_, s) =>
  [
    `## Plant room ${s + 1}`,
    ...Array.from(
      { length: 26 },
      (_, i) => `Room ${s + 1}, check ${i + 1}: walk past the boiler and note the meter readings in the log.`,
    ),
    ...(s === 2 ? [PRESSURE_FACT] : []),
  ].join("\n"),
).join("\n\n");
let plantKbId: string;

const toolResults = (body: Body) =>
  body.messages
    .filter((m) => m.role === "tool")
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));

async function chat(actor: Actor, key: string) {
  await h.client.script(key, [
    { toolCalls: [{ name: "read_file", args: { file_path: SKILL } }] },
    { toolCalls: [{ name: "list_kbs", args: {} }] },
    { toolCalls: [{ name: "query_kb", args: { kb_id: kbId, query_text: "where are the spare keys" } }] },
    { text: "They are in the blue cabinet [facilities.md, lines 1-4]." },
  ]);
  const agent = (await getDefaultAgent(actor))!;
  const threadId = crypto.randomUUID();
  const { stream } = await startChatRun(actor, {
    threadId,
    message: userMessage(`Where are the spare keys? ${scriptMarker(key)}`),
    modelSpec: spec,
    agentId: agent.id,
  });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  bodies = (await h.client.requests(key)).map((r) => r.body as Body);
  sources = dataParts(chunks, "kb-sources");
  return bodies;
}

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-chat-")));
  h = await startAgentHarness();
  await seedAgents();
  await seedSkills();
  runner = new JobRunner({ pollMs: 50 }).start();
  owner = await createTestUser("user");
  stranger = await createTestUser("user");
  kbId = (await createKnowledgeBase(owner, { name: "Facilities", description: "Office facilities" })).id;
  await addKbDocuments(owner, kbId, [
    { name: "facilities.md", bytes: Buffer.from(`# Facilities\n\n${FACT}\nVisitors sign in at the front desk.`) },
  ]);
  plantKbId = (await createKnowledgeBase(owner, { name: "Plant" })).id;
  await addKbDocuments(owner, plantKbId, [{ name: "handbook.md", bytes: Buffer.from(HANDBOOK) }]);
  for (const id of [kbId, plantKbId])
    for (let i = 0; i < 200 && (await listKbDocuments(owner, id))[0].status !== "indexed"; i++)
      await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  await runner.stop();
  await h.stop();
  vi.unstubAllEnvs();
});

describe("a chat that uses a knowledge base", () => {
  it("reads the skill, lists the knowledge base, and receives the document's fact from query_kb", async () => {
    const [, afterSkill, afterList, afterQuery] = await chat(owner, "kb-chat");
    expect(toolResults(afterSkill!)[0]).toContain("# Knowledge bases");
    expect(toolResults(afterList!)[1]).toContain(`Facilities (id: ${kbId}, type: general): Office facilities`);
    const result = toolResults(afterQuery!)[2]!;
    expect(result).toContain(FACT);
    expect(result).toMatch(/\[1\] facilities\.md \(file_id: [\w-]+\), lines 1-4, section: Facilities/);
    // The answer's sources reach the browser: the document and the lines a citation opens.
    expect(sources).toEqual([
      {
        sources: [
          {
            kbId,
            kbName: "Facilities",
            fileId: expect.any(String),
            fileName: "facilities.md",
            startLine: 1,
            endLine: 4,
            headingPath: ["Facilities"],
          },
        ],
      },
    ]);
  });

  it("gives a user the knowledge base is not shared with nothing from it", async () => {
    const [, , afterList, afterQuery] = await chat(stranger, "kb-chat-stranger");
    expect(toolResults(afterList!)[1]).toBe("No knowledge bases are available to you yet.");
    expect(toolResults(afterQuery!)[2]).toBe("No knowledge bases are available to you yet.");
    expect(JSON.stringify(afterQuery)).not.toContain("blue cabinet");
    expect(sources).toEqual([]);
  });
});

describe("a knowledge-base answer with long passages", () => {
  it("fits its budget, is never offloaded, shows the part of each passage around its match and says how it searched", async () => {
    const key = "kb-long-passages";
    await h.client.script(key, [
      { toolCalls: [{ name: "read_file", args: { file_path: SKILL } }] },
      { toolCalls: [{ name: "query_kb", args: { kb_id: plantKbId, query_text: "what boiler pressure is right" } }] },
      { text: "Between 1.2 and 1.5 bar [handbook.md, line 84]." },
    ]);
    const threadId = crypto.randomUUID();
    const { stream } = await startChatRun(owner, {
      threadId,
      message: userMessage(`What boiler pressure is right? ${scriptMarker(key)}`),
      modelSpec: spec,
      agentId: (await getDefaultAgent(owner))!.id,
    });
    await readAll(stream);
    await activeRunForThread(threadId)?.done;
    const [, , afterQuery] = (await h.client.requests(key)).map((r) => r.body as Body);
    const result = toolResults(afterQuery!)[1]!;
    // Eight passages of ~2,000 characters would be ~16,000: over the offload threshold.
    expect(HANDBOOK.length).toBeGreaterThan(15_000);
    expect(countTextTokens(result)).toBeLessThanOrEqual(QUERY_KB_BUDGET_TOKENS);
    expect(result).toContain(PRESSURE_FACT);
    expect(result).not.toMatch(/shortened|saved to/i);
    expect(result).toMatch(
      /\[1\] handbook\.md \(file_id: [\w-]+\), lines \d+-84 \(part of a passage at lines \d+-84: open_kb_document line \d+\), section: Plant room 3/,
    );
    expect(result).toContain("Retrieval: keyword only (this knowledge base has no embedding model");
  });
});
