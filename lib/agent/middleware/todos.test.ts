import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import { MAX_TODOS, PARALLEL_WRITE_TODOS_TEXT } from "./todos";

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

const todos = (n: number) => Array.from({ length: n }, (_, i) => ({ content: `step ${i + 1}`, status: "pending" }));

describe("todo list", () => {
  it("replaces state todos on every write_todos and tells the model it did", async () => {
    await h.client.script("todos", [
      { toolCalls: [{ name: "write_todos", args: { todos: todos(3) } }] },
      { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "only one", status: "completed" }] } }] },
      { text: "done" },
    ]);
    const { values } = await runAgentTurn(actor, `plan ${scriptMarker("todos")}`, { modelSpec: spec });
    expect(values.todos).toEqual([{ content: "only one", status: "completed" }]);
    const log = await h.client.requests("todos");
    expect(JSON.stringify((log[1].body as { messages: unknown[] }).messages)).toContain(
      "Todo list updated (0/3 completed)",
    );
    expect(JSON.stringify((log[0].body as { messages: unknown[] }).messages)).toContain("write_todos");
  });

  it(`refuses more than ${MAX_TODOS} items with a tool error and keeps the previous list`, async () => {
    await h.client.script("too-many", [
      { toolCalls: [{ name: "write_todos", args: { todos: todos(2) } }] },
      { toolCalls: [{ name: "write_todos", args: { todos: todos(MAX_TODOS + 1) } }] },
      { text: "ok" },
    ]);
    const { values } = await runAgentTurn(actor, `plan ${scriptMarker("too-many")}`, { modelSpec: spec });
    expect(values.todos).toEqual(todos(2));
    const third = JSON.stringify(((await h.client.requests("too-many"))[2].body as { messages: unknown[] }).messages);
    expect(third).toMatch(/error/i);
  });

  it("refuses an unknown status", async () => {
    await h.client.script("bad-status", [
      { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "x", status: "done" }] } }] },
      { text: "ok" },
    ]);
    const { values } = await runAgentTurn(actor, `plan ${scriptMarker("bad-status")}`, { modelSpec: spec });
    expect(values.todos ?? []).toEqual([]);
  });

  it("answers two parallel write_todos calls with a tool error each; the run goes on and the list is unchanged", async () => {
    await h.client.script("parallel", [
      { toolCalls: [{ name: "write_todos", args: { todos: todos(1) } }] },
      {
        toolCalls: [
          { name: "write_todos", args: { todos: todos(2) } },
          { name: "write_todos", args: { todos: todos(3) } },
        ],
      },
      { text: "one list then" },
    ]);
    const { values } = await runAgentTurn(actor, `plan ${scriptMarker("parallel")}`, { modelSpec: spec });
    expect(values.todos).toEqual(todos(1));
    const log = await h.client.requests("parallel");
    expect(log).toHaveLength(3);
    const tools = (log[2].body as { messages: { role: string; content: unknown }[] }).messages.filter(
      (m) => m.role === "tool",
    );
    expect(tools.map((m) => String(m.content))).toEqual([
      expect.stringContaining("Todo list updated"),
      PARALLEL_WRITE_TODOS_TEXT,
      PARALLEL_WRITE_TODOS_TEXT,
    ]);
  });

  it("runs the other calls of that step and refuses only the parallel write_todos", async () => {
    await h.client.script("parallel-mixed", [
      {
        toolCalls: [
          { name: "write_todos", args: { todos: todos(2) } },
          { name: "ls", args: { path: "/home/gem/user-data" } },
          { name: "write_todos", args: { todos: todos(3) } },
        ],
      },
      { text: "listed" },
    ]);
    const { values } = await runAgentTurn(actor, `plan ${scriptMarker("parallel-mixed")}`, { modelSpec: spec });
    expect(values.todos ?? []).toEqual([]);
    const log = await h.client.requests("parallel-mixed");
    expect(log).toHaveLength(2);
    const tools = (log[1].body as { messages: { role: string; content: unknown }[] }).messages
      .filter((m) => m.role === "tool")
      .map((m) => String(m.content));
    expect(tools).toHaveLength(3);
    expect(tools.filter((t) => t === PARALLEL_WRITE_TODOS_TEXT)).toHaveLength(2);
    expect(tools.some((t) => t !== PARALLEL_WRITE_TODOS_TEXT && !/error/i.test(t))).toBe(true); // ls ran
  });
});
