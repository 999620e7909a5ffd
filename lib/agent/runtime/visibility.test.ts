import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import { createMcpServer } from "@/lib/mcp/servers";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { refreshMcpTools } from "@/lib/mcp/refresh-tools";
import { createStoredAgent } from "@/lib/agent/config/manage";
import type { Actor } from "@/lib/identity/actor";

/**
 * What the matrix denies never reaches the model: not in the system prompt, not in the tool
 * list, and a crafted call naming a hidden KB or MCP tool is refused without touching it.
 */
type Body = {
  tools?: { function: { name: string } }[];
  messages: { role: string; content: unknown; tool_call_id?: string }[];
};

let h: AgentHarness;
let visibleServer: TestMcpServer;
let hiddenServer: TestMcpServer;
let root: Actor;
let user: Actor;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const everyone = {
  read: { global: true, departmentIds: [], userIds: [] },
  manage: { global: false, departmentIds: [], userIds: [] },
};

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "visibility-test-key");
  h = await startAgentHarness();
  visibleServer = await startTestMcpServer();
  hiddenServer = await startTestMcpServer();
  root = await createTestUser("superadmin");
  user = await createTestUser("user");
  const shared = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({ name: "shared_tools", url: visibleServer.httpUrl, sharing: everyone }),
  );
  await refreshMcpTools(root, shared.id);
  const secret = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({ name: "secret_tools", description: "SECRET-SERVER", url: hiddenServer.httpUrl }),
  );
  await refreshMcpTools(root, secret.id);
  // A private subagent of the superadmin: never offered to the user.
  await createStoredAgent(root, { slug: "secret-helper", name: "SECRET-SUBAGENT", isSubagent: true });
});
afterAll(async () => {
  await h.stop();
  await visibleServer.close();
  await hiddenServer.close();
  vi.unstubAllEnvs();
});

describe("visibility through a real chat", () => {
  it("keeps hidden resources out of the prompt and the tools, and refuses crafted calls", async () => {
    await h.client.script("crafted", [
      {
        toolCalls: [
          { name: "secret_tools__add", args: { a: 1, b: 2 } },
          { name: "query_kb", args: { kb_id: "secret-kb", query_text: "salaries" } },
          { name: "shared_tools__add", args: { a: 2, b: 3 } },
        ],
      },
      { text: "done" },
    ]);
    await runAgentTurn(user, `try everything ${scriptMarker("crafted")}`, { modelSpec: spec });
    const [first, second] = (await h.client.requests("crafted")).map((r) => r.body as Body);

    const tools = (first.tools ?? []).map((t) => t.function.name);
    expect(tools).toContain("shared_tools__add");
    expect(tools.some((t) => t.startsWith("secret_tools"))).toBe(false);
    expect(tools).not.toContain("query_kb");
    const prompt = JSON.stringify(first.messages);
    for (const hidden of ["SECRET-SERVER", "secret_tools", "SECRET-SUBAGENT", "secret-helper"])
      expect(prompt).not.toContain(hidden);

    expect(hiddenServer.calls).toEqual([]);
    expect(visibleServer.calls.map((c) => c.tool)).toEqual(["add"]);
    const results = second.messages.filter((m) => m.role === "tool");
    expect(results).toHaveLength(3);
    const byCall = (name: string) => String(results.find((r) => (r.content as string).includes(name))?.content ?? "");
    expect(byCall("secret_tools__add")).toMatch(/not a valid tool/i);
    expect(byCall("query_kb")).toMatch(/not a valid tool/i);
    expect(results.map((r) => String(r.content))).toContain("5");
  });

  // An agent another user wrote runs their instructions: even a read-only MCP tool asks the user first.
  it("an agent shared by another user asks before an MCP call its own author runs unasked", async () => {
    const shared = await createStoredAgent(root, { slug: "root-shared", name: "Root's helper", sharing: everyone });
    const script = [{ toolCalls: [{ name: "shared_tools__add", args: { a: 20, b: 22 } }] }, { text: "done" }];
    await h.client.script("foreign-user", script);
    await h.client.script("foreign-author", script);
    const before = visibleServer.calls.length;

    const asked = await runAgentTurn(user, `add ${scriptMarker("foreign-user")}`, {
      modelSpec: spec,
      agentId: shared.id,
    });
    expect(asked.ctx.agent.foreign).toBe(true);
    const interrupt = (asked.values.__interrupt__ as { value: unknown }[] | undefined)?.[0]?.value;
    expect(interrupt).toMatchObject({ kind: "approval", actions: [{ name: "shared_tools__add" }] });
    expect(visibleServer.calls.length).toBe(before);

    const ran = await runAgentTurn(root, `add ${scriptMarker("foreign-author")}`, {
      modelSpec: spec,
      agentId: shared.id,
    });
    expect(ran.ctx.agent.foreign).toBe(false);
    expect(ran.values.__interrupt__ ?? []).toEqual([]);
    expect(visibleServer.calls.slice(before).map((c) => c.tool)).toEqual(["add"]);
  });
});
