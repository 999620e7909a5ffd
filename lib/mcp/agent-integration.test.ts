import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AIMessage } from "@langchain/core/messages";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import type { Actor } from "@/lib/identity/actor";
import { mcpServerCreateSchema } from "./schemas";
import { createMcpServer, setMcpToolEnabled } from "./servers";
import { refreshMcpTools } from "./refresh-tools";
import { mcpToolSource } from "@/lib/mcp/tool-source";

/** MCP tools through the real agent: a scripted model over HTTP calls them, an in-process MCP server answers. */

type ChatBody = {
  tools?: { function: { name: string } }[];
  messages: { role: string; content: unknown; tool_call_id?: string }[];
};

let h: AgentHarness;
let mcp: TestMcpServer;
let root: Actor;
let user: Actor;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const everyoneReads = {
  read: { global: true, departmentIds: [], userIds: [] },
  manage: { global: false, departmentIds: [], userIds: [] },
};

async function register(name: string, extra: Record<string, unknown> = {}) {
  const server = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({
      name,
      url: mcp.httpUrl,
      headers: [{ name: "Authorization", value: "Bearer agent-token" }],
      ...extra,
    }),
  );
  await refreshMcpTools(root, server.id);
  return server.id;
}

const bodies = async (key: string) => (await h.client.requests(key)).map((r) => r.body as ChatBody);
const toolNames = (body: ChatBody) => (body.tools ?? []).map((t) => t.function.name);
const toolResults = (body: ChatBody) => body.messages.filter((m) => m.role === "tool").map((m) => String(m.content));

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "mcp-agent-test-key");
  h = await startAgentHarness();
  mcp = await startTestMcpServer({ requireHeaders: { authorization: "Bearer agent-token" } });
  root = await createTestUser("superadmin");
  user = await createTestUser("user");
  const calc = await register("calc", { sharing: everyoneReads });
  await setMcpToolEnabled(root, calc, "slow", false);
  await register("calc_sse", { transport: "sse", url: mcp.sseUrl, sharing: everyoneReads });
  await register("private_calc"); // the superadmin's own: shared with nobody
});
afterAll(async () => {
  await h.stop();
  await mcp.close();
  vi.unstubAllEnvs();
});

describe("an MCP tool in a scripted chat", () => {
  it("the model calls calc__add, the MCP server receives the call, the result reaches the model's next request", async () => {
    await h.client.script("mcp-add", [
      { toolCalls: [{ name: "calc__add", args: { a: 19, b: 23 } }] },
      { text: "19 + 23 = 42" },
    ]);
    const before = mcp.calls.length;
    const { values } = await runAgentTurn(user, `What is 19 + 23? ${scriptMarker("mcp-add")}`, { modelSpec: spec });

    expect(mcp.calls.slice(before)).toEqual([
      {
        tool: "add",
        args: { a: 19, b: 23 },
        headers: expect.objectContaining({ authorization: "Bearer agent-token" }),
      },
    ]);
    const [first, second] = await bodies("mcp-add");
    expect(toolNames(first!)).toEqual(
      expect.arrayContaining(["calc__add", "calc__lookup_city", "calc_sse__add", "write_todos"]),
    );
    expect(toolResults(second!)).toEqual(["42"]);
    expect(String((values.messages as AIMessage[]).at(-1)?.content)).toBe("19 + 23 = 42");
  });

  it("the model is offered no disabled tool and nothing from a server the user cannot read", async () => {
    await h.client.script("mcp-offer", [{ text: "hello" }]);
    await runAgentTurn(user, `hi ${scriptMarker("mcp-offer")}`, { modelSpec: spec });
    const names = toolNames((await bodies("mcp-offer"))[0]!);
    expect(names).toContain("calc__fail");
    expect(names).not.toContain("calc__slow");
    expect(names.filter((n) => n.startsWith("private_calc__"))).toEqual([]);
  });

  it("a crafted call to a hidden server's tool or a disabled tool is refused and never reaches the server", async () => {
    await h.client.script("mcp-crafted", [
      {
        toolCalls: [
          { name: "private_calc__add", args: { a: 1, b: 2 } },
          { name: "calc__slow", args: { ms: 1 } },
        ],
      },
      { text: "could not" },
    ]);
    const before = mcp.calls.length;
    await runAgentTurn(user, `try ${scriptMarker("mcp-crafted")}`, { modelSpec: spec });
    expect(mcp.calls.slice(before)).toEqual([]);
    const results = toolResults((await bodies("mcp-crafted"))[1]!);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatch(/private_calc__add is not a valid tool/);
    expect(results[1]).toMatch(/calc__slow is not a valid tool/);
  });

  it("a failing MCP tool gives the model a readable error and the run goes on", async () => {
    await h.client.script("mcp-fail", [
      { toolCalls: [{ name: "calc__fail", args: {} }] },
      { text: "it failed, sorry" },
    ]);
    const { values } = await runAgentTurn(user, `fail ${scriptMarker("mcp-fail")}`, { modelSpec: spec });
    expect(toolResults((await bodies("mcp-fail"))[1]!)).toEqual([
      'Error: the tool "fail" of the MCP server "calc" failed: the fail tool always fails',
    ]);
    expect(String((values.messages as AIMessage[]).at(-1)?.content)).toBe("it failed, sorry");
  });

  it("a chat run over the SSE transport closes its MCP session when the run ends", async () => {
    const { startChatRun } = await import("@/lib/runs/start-run");
    const { activeRunForThread } = await import("@/lib/runs/registry");
    await h.client.script("mcp-sse-run", [
      { toolCalls: [{ name: "calc_sse__add", args: { a: 1, b: 2 } }] },
      { text: "3" },
    ]);
    const threadId = crypto.randomUUID();
    const { stream } = await startChatRun(user, {
      threadId,
      message: userMessage(`sum ${scriptMarker("mcp-sse-run")}`),
      modelSpec: spec,
    });
    await readAll(stream);
    await activeRunForThread(threadId)?.done;
    expect(toolResults((await bodies("mcp-sse-run"))[1]!)).toEqual(["3"]);
    await vi.waitFor(() => expect(mcp.sseSessionCount()).toBe(0));
  });
});

describe("resolveRuntimeToolsWithMcp", () => {
  it("joins built-in and MCP tools and closes the MCP connections on close()", async () => {
    const { getDefaultAgent } = await import("@/lib/db/agents");
    const { prepareAgentRuntimeContext } = await import("@/lib/agent/runtime/prepare-context");
    const { resolveRuntimeToolsWithMcp } = await import("@/lib/agent/runtime/resolve-tools");
    const ctx = await prepareAgentRuntimeContext(user, (await getDefaultAgent(user))!, { modelSpec: spec });
    const resolved = await resolveRuntimeToolsWithMcp(ctx, ["write_todos"], mcpToolSource);
    expect(resolved.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["calc__add", "calc_sse__add"]));
    expect(mcp.sseSessionCount()).toBe(1);
    await resolved.close();
    await vi.waitFor(() => expect(mcp.sseSessionCount()).toBe(0));
  });

  it("a name taken by a middleware tool fails with a message naming both owners, and opens nothing that stays open", async () => {
    const { getDefaultAgent } = await import("@/lib/db/agents");
    const { prepareAgentRuntimeContext } = await import("@/lib/agent/runtime/prepare-context");
    const { resolveRuntimeToolsWithMcp } = await import("@/lib/agent/runtime/resolve-tools");
    const ctx = await prepareAgentRuntimeContext(user, (await getDefaultAgent(user))!, { modelSpec: spec });
    await expect(resolveRuntimeToolsWithMcp(ctx, ["write_todos", "calc_sse__add"], mcpToolSource)).rejects.toThrow(
      'Two tools are named "calc_sse__add" (middleware and MCP server "calc_sse"). Rename the MCP server or disable one of the tools.',
    );
    await vi.waitFor(() => expect(mcp.sseSessionCount()).toBe(0));
  });
});
