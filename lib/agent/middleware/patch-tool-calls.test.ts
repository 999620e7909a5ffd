import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { CANCELLED_TOOL_RESULT, patchDanglingToolCalls, repairInvalidToolCalls } from "./patch-tool-calls";
import { repairToolArguments } from "@/lib/agent/repair-json";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { mcpToolSource } from "@/lib/mcp/tool-source";

describe("patchDanglingToolCalls", () => {
  it("answers a tool call that has no result with a cancelled result right after it", () => {
    const ai = new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "write_todos", args: {} }] });
    const { messages, patched } = patchDanglingToolCalls([new HumanMessage("hi"), ai, new HumanMessage("next")]);
    expect(patched).toBe(true);
    expect(messages[2]).toBeInstanceOf(ToolMessage);
    expect((messages[2] as ToolMessage).tool_call_id).toBe("c1");
    expect(messages[2].content).toBe(CANCELLED_TOOL_RESULT);
    expect(messages[3].content).toBe("next");
  });

  it("leaves answered calls alone", () => {
    const ai = new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "x", args: {} }] });
    const tool = new ToolMessage({ content: "done", tool_call_id: "c1" });
    expect(patchDanglingToolCalls([ai, tool]).patched).toBe(false);
  });
});

describe("repairToolArguments", () => {
  it.each([
    ['{"a": 1,}', { a: 1 }],
    ['```json\n{"a": [1, 2]}\n```', { a: [1, 2] }],
    ['{"a": {"b": "c"', { a: { b: "c" } }],
    ['{"a": "unterminated', { a: "unterminated" }],
    ["", {}],
  ])("repairs %j", (raw, expected) => {
    expect(repairToolArguments(raw)).toEqual(expected);
  });

  it.each(["not json at all", "[1, 2]", "{a: 1}"])("refuses %j", (raw) => {
    expect(repairToolArguments(raw)).toBeNull();
  });
});

describe("repairInvalidToolCalls", () => {
  it("moves a repaired call into tool_calls and answers an unrepairable one with a readable error", () => {
    const msg = new AIMessage({
      content: "",
      id: "m1",
      invalid_tool_calls: [
        { id: "ok", name: "write_todos", args: '{"todos": [],}', error: "bad", type: "invalid_tool_call" },
        { id: "bad", name: "write_todos", args: "{{{{nope", error: "bad", type: "invalid_tool_call" },
      ],
    });
    const result = repairInvalidToolCalls(msg)!;
    expect(result.message.tool_calls).toEqual([
      { id: "ok", name: "write_todos", args: { todos: [] }, type: "tool_call" },
    ]);
    expect(result.message.id).toBe("m1");
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].tool_call_id).toBe("bad");
    expect(String(result.errors[0].content)).toMatch(/not valid JSON/);
  });
});

describe("through the agent (scripted model over HTTP)", () => {
  let h: AgentHarness;
  let actor: Actor;
  const spec = `${MOCK_PROVIDER}:mock-chat`;
  beforeAll(async () => {
    h = await startAgentHarness();
    actor = await createTestUser();
  });
  afterAll(async () => {
    await h.stop();
  });

  it("runs a tool whose JSON arguments needed repair", async () => {
    await h.client.script("repair", [
      { toolCalls: [{ name: "write_todos", rawArgs: '{"todos": [{"content": "fix", "status": "pending"}],}' }] },
      { text: "done" },
    ]);
    const { values } = await runAgentTurn(actor, `go ${scriptMarker("repair")}`, { modelSpec: spec });
    expect(values.todos).toEqual([{ content: "fix", status: "pending" }]);
  });

  it("reports unrepairable arguments to the model, which then calls again", async () => {
    await h.client.script("broken", [
      { toolCalls: [{ name: "write_todos", rawArgs: "{{{{" }] },
      { text: "sorry, fixed" },
    ]);
    const { values } = await runAgentTurn(actor, `go ${scriptMarker("broken")}`, { modelSpec: spec });
    const log = await h.client.requests("broken");
    expect(log).toHaveLength(2);
    const second = JSON.stringify((log[1].body as { messages: unknown[] }).messages);
    expect(second).toContain("not valid JSON");
    expect(String((values.messages as AIMessage[]).at(-1)?.content)).toBe("sorry, fixed");
  });

  it("gives a dangling call from an earlier run a cancelled result before the next model request", async () => {
    await h.client.script("dangling", [{ text: "second turn" }]);
    const { buildChatbotAgent } = await import("@/lib/agent/graph");
    const first = await runAgentTurn(actor, `first ${scriptMarker("dangling")}`, { modelSpec: spec }).catch(() => null);
    expect(first).not.toBeNull();
    const graph = await buildChatbotAgent(first!.ctx, { services: { mcp: mcpToolSource } });
    const config = { configurable: { thread_id: first!.threadId } };
    await graph.updateState(config, {
      messages: [
        new AIMessage({
          id: "dangling-ai",
          content: "",
          tool_calls: [{ id: "lost", name: "write_todos", args: { todos: [] } }],
        }),
      ],
    });
    await h.client.script("dangling", [{ text: "after the cancelled call" }]);
    await runAgentTurn(actor, "next", { modelSpec: spec, threadId: first!.threadId });
    const last = (await h.client.requests("dangling")).at(-1)!.body as {
      messages: { role: string; tool_call_id?: string; content: string }[];
    };
    const toolMsg = last.messages.find((m) => m.role === "tool" && m.tool_call_id === "lost");
    expect(toolMsg?.content).toBe(CANCELLED_TOOL_RESULT);
    // The saved history has the result too, right after the call, once the run's model answered.
    const state = (await graph.getState(config)) as unknown as { values: { messages: BaseMessage[] } };
    const saved = state.values.messages;
    const at = saved.findIndex((m) => m.id === "dangling-ai");
    expect(saved[at + 1]).toMatchObject({ tool_call_id: "lost", content: CANCELLED_TOOL_RESULT });
    expect(saved.filter((m) => ToolMessage.isInstance(m) && m.tool_call_id === "lost")).toHaveLength(1);
    expect(String(saved.at(-1)?.content)).toBe("after the cancelled call");
  });
});
