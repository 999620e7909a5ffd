import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { statementsDuring } from "@/lib/testing/sql-spy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker, type Turn } from "@/lib/testing/scripted-model";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import type { Actor } from "@/lib/identity/actor";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { createStoredAgent } from "@/lib/agent/config/manage";
import { insertSharedSkill } from "@/lib/db/skills";
import { createMcpServer } from "@/lib/mcp/servers";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { refreshMcpTools } from "@/lib/mcp/refresh-tools";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { sharedSkillFolder } from "@/lib/skills/folders";
import type { Sharing } from "@/lib/sharing/types";
import { prepareAgentRuntimeContext } from "./prepare-context";
import { resolveRuntimeToolsWithMcp } from "./resolve-tools";
import { mcpToolSource } from "@/lib/mcp/tool-source";

/** Skill MCP dependencies: hidden until activation, connected on first use, only servers the user may read. */
type Body = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };

let h: AgentHarness;
let dataDir: string;
let mcp: TestMcpServer;
let deadMcp: TestMcpServer;
let root: Actor;
let user: Actor;
let calcId: string;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const nobody = { global: false, departmentIds: [], userIds: [] };
const everyone: Sharing = { read: { global: true, departmentIds: [], userIds: [] }, manage: nobody };
const CALC_TOOLS = ["calc__add", "calc__fail", "calc__lookup_city", "calc__slow"];

async function addSkill(slug: string, mcps: string[]) {
  const text = `---\nname: ${slug}\ndescription: Uses ${mcps.join(", ")}.\nmcp_dependencies: [${mcps.join(", ")}]\n---\nBody of ${slug}\n`;
  const parsed = parseSkillMarkdown(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  await insertSharedSkill(root, { slug, meta: parsed.meta, content: text, source: "upload", sharing: everyone });
  await sharedSkillFolder(slug).write("SKILL.md", text);
}

async function addServer(name: string, url: string, sharing?: Sharing) {
  const server = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({ name, url, ...(sharing ? { sharing } : {}) }),
  );
  await refreshMcpTools(root, server.id);
  return server.id;
}

const agentWith = (config: Partial<AgentConfig>) =>
  createStoredAgent(user, { slug: `mcp-skill-${crypto.randomUUID().slice(0, 8)}`, name: "MCP skills", config });

async function chat(key: string, agentId: string, turns: Turn[]) {
  await h.client.script(key, turns);
  const threadId = crypto.randomUUID();
  const { stream } = await startChatRun(user, {
    threadId,
    message: userMessage(`go ${scriptMarker(key)}`),
    modelSpec: spec,
    agentId,
  });
  await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return (await h.client.requests(key)).map((r) => r.body as Body);
}

const names = (b: Body) => (b.tools ?? []).map((t) => t.function.name).sort();
const results = (b: Body) => b.messages.filter((m) => m.role === "tool").map((m) => JSON.stringify(m.content));
const read = (slug: string) => ({ name: "read_file", args: { file_path: `/home/gem/skills/${slug}/SKILL.md` } });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skill-tools-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("ENCRYPTION_KEY", "skill-tools-test-key");
  h = await startAgentHarness();
  mcp = await startTestMcpServer();
  deadMcp = await startTestMcpServer();
  root = await createTestUser("superadmin");
  user = await createTestUser("user");
  calcId = await addServer("calc", mcp.httpUrl, everyone);
  await addServer("private_calc", mcp.httpUrl); // the superadmin's own
  await addServer("deadcalc", deadMcp.httpUrl, everyone);
  await deadMcp.close(); // its tools stay listed; connecting now fails
  await addSkill("calculator", ["calc"]);
  await addSkill("private-calculator", ["private_calc"]);
  await addSkill("dead-calculator", ["deadcalc"]);
});
afterAll(async () => {
  await h.stop();
  await mcp.close();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("skill MCP dependencies", () => {
  it("hidden and refused before activation, visible and working after it", async () => {
    const agent = await agentWith({ mcps: [], skills: ["calculator"] });
    const before = mcp.calls.length;
    const log = await chat("calc-skill", agent.id, [
      { toolCalls: [{ name: "calc__add", args: { a: 1, b: 1 } }] },
      { toolCalls: [read("calculator")] },
      { toolCalls: [{ name: "calc__add", args: { a: 2, b: 3 } }] },
      { text: "5" },
    ]);
    expect(names(log[0]!).filter((n) => n.startsWith("calc"))).toEqual([]);
    expect(results(log[1]!)[0]).toContain("calc__add is not a valid tool yet");
    expect(names(log[2]!).filter((n) => !names(log[1]!).includes(n))).toEqual(CALC_TOOLS);
    expect(results(log[3]!).at(-1)).toBe('"5"');
    expect(mcp.calls.slice(before).map((c) => c.args)).toEqual([{ a: 2, b: 3 }]);
  });

  it("a server the agent configures directly is not gated by the skill", async () => {
    const agent = await agentWith({ mcps: null, skills: ["calculator"] });
    const [first] = await chat("calc-direct", agent.id, [{ text: "hi" }]);
    expect(names(first!)).toEqual(expect.arrayContaining(CALC_TOOLS));
  });

  it("a server the user may not read stays out even after its skill is activated", async () => {
    const agent = await agentWith({ mcps: [], skills: ["private-calculator"] });
    const log = await chat("calc-private", agent.id, [{ toolCalls: [read("private-calculator")] }, { text: "ok" }]);
    expect(names(log[1]!).filter((n) => n.startsWith("private_calc"))).toEqual([]);
  });

  it("connects on first use: an unreachable server costs nothing until called, then the call gets a readable error", async () => {
    const agent = await agentWith({ mcps: [], skills: ["dead-calculator"] });
    const log = await chat("calc-dead", agent.id, [
      { toolCalls: [read("dead-calculator")] },
      { toolCalls: [{ name: "deadcalc__add", args: { a: 1, b: 2 } }] },
      { text: "it is down" },
    ]);
    expect(names(log[1]!)).toContain("deadcalc__add");
    expect(results(log[2]!).at(-1)).toMatch(
      /the tool \\"add\\" of the MCP server \\"deadcalc\\" is not available: .*deadcalc/,
    );
  });

  it("a run start reads the MCP server table at most once: configured and skill-declared servers come from the catalog's read", async () => {
    const agent = await agentWith({ mcps: [calcId], skills: ["calculator", "dead-calculator"] });
    const { sql, result: tools } = await statementsDuring(async () => {
      const ctx = await prepareAgentRuntimeContext(user, agent, { modelSpec: spec });
      const tools = await resolveRuntimeToolsWithMcp(ctx, ["write_todos"], mcpToolSource);
      await tools.close();
      return tools;
    });
    expect(tools.tools.map((t) => t.name)).toEqual(expect.arrayContaining([...CALC_TOOLS, "deadcalc__add"]));
    // At most the catalog's one read (none when the catalog cache already holds the table).
    expect(sql.filter((text) => /from "mcp_servers"/.test(text)).length).toBeLessThanOrEqual(1);
  });

  it("a name collision with another tool fails the run with a message naming both owners", async () => {
    const agent = await agentWith({ mcps: [], skills: ["calculator"] });
    const ctx = await prepareAgentRuntimeContext(user, agent, { modelSpec: spec });
    await expect(resolveRuntimeToolsWithMcp(ctx, ["write_todos", "calc__add"], mcpToolSource)).rejects.toThrow(
      'Two tools are named "calc__add" (middleware and MCP server "calc" (needed by skill "calculator")). Rename the MCP server or remove the dependency from the skill.',
    );
  });
});
