import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  dataParts,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/mock-llm";
import type { Actor } from "@/lib/auth/actor";
import type { AgentConfig } from "@/lib/agent/config-schema";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import { createAgent } from "@/lib/db/agents";
import { startChatRun } from "@/lib/runs/start-run";
import { startResumeRun } from "@/lib/runs/resume-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { getThreadState } from "@/lib/runs/thread-state";
import { needsApproval } from "./human-in-the-loop";

let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

type Turns = Parameters<AgentHarness["client"]["script"]>[1];

async function agentWith(owner: Actor, mode: AgentConfig["tool_approval_mode"]) {
  return createAgent(owner, { slug: `hitl-${crypto.randomUUID().slice(0, 8)}`, name: `Mode ${mode}`, config: { tool_approval_mode: mode } });
}

async function chat(actor: Actor, key: string, turns: Turns, agentId?: string) {
  await h.client.script(key, turns);
  const threadId = crypto.randomUUID();
  const { run, stream } = await startChatRun(actor, { threadId, message: userMessage(`Go ${scriptMarker(key)}`), modelSpec: spec, agentId });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { threadId, run, interrupt: dataParts<InterruptPartData>(chunks, "interrupt").at(-1), status: dataParts<{ status: string }>(chunks, "run").at(-1)?.status };
}

const toolResults = async (key: string) =>
  ((await h.client.requests(key)).at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages
    .filter((m) => m.role === "tool")
    .map((m) => String(m.content));
const write = (name: string) => ({ name: "write_file", args: { file_path: `/home/gem/user-data/${name}`, content: name } });

describe("permission modes", () => {
  it("default approves side-effect tools only; auto everything not read-only; trust nothing", () => {
    const table: [Parameters<typeof needsApproval>[0], string, boolean][] = [
      ["default", "write_file", true],
      ["default", "edit_file", true],
      ["default", "execute", true],
      ["default", "read_file", false],
      ["default", "some_mcp_tool", false],
      ["auto", "write_file", true],
      ["auto", "some_mcp_tool", true],
      ["auto", "ls", false],
      ["auto", "grep", false],
      ["trust", "write_file", false],
      ["trust", "execute", false],
    ];
    for (const [mode, tool, expected] of table) expect(needsApproval(mode, tool), `${mode} ${tool}`).toBe(expected);
    // An MCP tool that declares itself read-only runs in auto mode; asking and planning never wait.
    expect(needsApproval("auto", "lookup", { readonly: true })).toBe(false);
    for (const mode of ["default", "auto"] as const) {
      expect(needsApproval(mode, "ask_user_question")).toBe(false);
      expect(needsApproval(mode, "write_todos")).toBe(false);
    }
  });

  it("trust set by an admin runs write_file without asking", async () => {
    const admin = await createTestUser("admin");
    const agent = await agentWith(admin, "trust");
    const result = await chat(admin, "trust", [{ toolCalls: [write("trusted.md")] }, { text: "Written." }], agent.id);
    expect(result.status).toBe("completed");
    expect(result.interrupt).toBeUndefined();
    expect((await toolResults("trust"))[0]).not.toMatch(/approval|rejected/i);
  });

  it("trust is admin-only: a plain user's agent asking for it still asks before writing", async () => {
    const user = await createTestUser();
    const agent = await agentWith(user, "trust");
    const result = await chat(user, "not-trusted", [{ toolCalls: [write("asked.md")] }, { text: "Written." }], agent.id);
    expect(result.status).toBe("interrupted");
    expect(result.interrupt).toMatchObject({ kind: "approval", actions: [{ name: "write_file" }] });
  });

  it("auto lets read-only tools run and stops before writing", async () => {
    const user = await createTestUser();
    const agent = await agentWith(user, "auto");
    const result = await chat(user, "auto", [
      { toolCalls: [{ name: "ls", args: { path: "/home/gem/user-data" } }] },
      { toolCalls: [write("auto.md")] },
      { text: "Written." },
    ], agent.id);
    expect(result.status).toBe("interrupted");
    expect(result.interrupt).toMatchObject({ kind: "approval", actions: [{ name: "write_file" }] });
    expect(await h.client.requests("auto")).toHaveLength(2); // ls ran, its result went back to the model
  });
});

describe("a review of several calls", () => {
  it("asks only about the gated ones; a rejection stops that call while the others run", async () => {
    const user = await createTestUser();
    const first = await chat(user, "mixed", [
      { toolCalls: [write("one.md"), { name: "write_todos", args: { todos: [{ content: "Write the notes", status: "in_progress" }] } }, write("two.md")] },
      { text: "Wrote one of them." },
    ]);
    const form = first.interrupt!;
    expect(form.kind === "approval" && form.actions.map((a) => a.args.file_path)).toEqual(["/home/gem/user-data/one.md", "/home/gem/user-data/two.md"]);

    await expect(startResumeRun(user, first.run.id, { decisions: [{ type: "approve" }] })).rejects.toMatchObject({ status: 400 });
    const { stream } = await startResumeRun(user, first.run.id, { decisions: [{ type: "approve" }, { type: "reject", message: "only one file" }] });
    await readAll(stream);
    await activeRunForThread(first.threadId)?.done;

    const results = await toolResults("mixed");
    expect(results).toHaveLength(3);
    expect(results.some((r) => r.includes("rejected this write_file call") && r.includes("only one file"))).toBe(true);
    expect(results.some((r) => r.startsWith("Todo list updated"))).toBe(true);
    expect((await getThreadState(user, first.threadId)).todos).toEqual([{ content: "Write the notes", status: "in_progress" }]);
  });
});
