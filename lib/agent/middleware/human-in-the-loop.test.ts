import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent } from "langchain";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
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
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { createStoredAgent } from "@/lib/agent/config/manage";
import { startChatRun } from "@/lib/runs/start-run";
import { startResumeRun } from "@/lib/runs/resume-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { getThreadState } from "@/lib/runs/thread-state";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import { createMcpServer } from "@/lib/mcp/servers";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { refreshMcpTools } from "@/lib/mcp/refresh-tools";
import { insertSharedSkill } from "@/lib/db/skills";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { sharedSkillFolder } from "@/lib/skills/folders";
import { KB_TOOL_NAMES } from "@/lib/agent/tools/kb-tools";
import { userWorkspaceDir, workdirOf } from "@/lib/workspace/paths";
import { askUserQuestionTool } from "@/lib/agent/tools/ask-user-question";
import { toolMetadata, toolProperties, type ToolProperties } from "@/lib/agent/tools/tool-properties";
import { loadChatModel } from "@/lib/agent/runtime/load-model";
import { toolApprovalMiddleware, needsApproval } from "./human-in-the-loop";
import { writeTodosTool } from "./todos";

let h: AgentHarness;
let mcp: TestMcpServer;
let dataDir: string;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const everyone = {
  read: { global: true, departmentIds: [], userIds: [] },
  manage: { global: false, departmentIds: [], userIds: [] },
};
const KB_SKILL = `---\nname: Knowledge base\ndescription: Search the knowledge bases.\ntool_dependencies: [${KB_TOOL_NAMES.join(", ")}]\n---\nUse list_kbs first.\n`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hitl-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("ENCRYPTION_KEY", "hitl-test-key");
  h = await startAgentHarness();
  // `lookup_city` is marked readOnlyHint by the server, `export_rows` is not.
  mcp = await startTestMcpServer({ tools: ["lookup_city", "export_rows"] });
  const root = await createTestUser("superadmin");
  const server = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({ name: "crm", url: mcp.httpUrl, sharing: everyone }),
  );
  await refreshMcpTools(root, server.id);
  const parsed = parseSkillMarkdown(KB_SKILL);
  if (!parsed.ok) throw new Error(parsed.reason);
  await insertSharedSkill(root, {
    slug: "knowledge-base",
    meta: parsed.meta,
    content: KB_SKILL,
    source: "upload",
    sharing: everyone,
  });
  await sharedSkillFolder("knowledge-base").write("SKILL.md", KB_SKILL);
});
afterAll(async () => {
  await h.stop();
  await mcp.close();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Turns = Parameters<AgentHarness["client"]["script"]>[1];

async function agentWith(owner: Actor, mode: AgentConfig["tool_approval_mode"], config: Partial<AgentConfig> = {}) {
  return createStoredAgent(owner, {
    slug: `hitl-${crypto.randomUUID().slice(0, 8)}`,
    name: `Mode ${mode}`,
    config: { ...config, tool_approval_mode: mode },
  });
}

async function chat(actor: Actor, key: string, turns: Turns, agentId?: string, threadId = crypto.randomUUID()) {
  await h.client.script(key, turns);
  const { run, stream } = await startChatRun(actor, {
    threadId,
    message: userMessage(`Go ${scriptMarker(key)}`),
    modelSpec: spec,
    agentId,
  });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return {
    threadId,
    run,
    interrupt: dataParts(chunks, "interrupt").at(-1),
    status: dataParts(chunks, "run").at(-1)?.status,
  };
}

const toolResults = async (key: string) =>
  ((await h.client.requests(key)).at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages
    .filter((m) => m.role === "tool")
    .map((m) => String(m.content));
const write = (name: string) => ({
  name: "write_file",
  args: { file_path: `/home/gem/user-data/${name}`, content: name },
});

describe("permission modes", () => {
  it("read-only tools never ask; default asks before every other tool; auto also writes inside the conversation's workdir; trust never asks", () => {
    const wd = workdirOf("t-1");
    const ro: ToolProperties = { readonly: true };
    const rw: ToolProperties = { sideEffect: "external" };
    const file: ToolProperties = { sideEffect: "file" };
    const writeTo = (file_path: string) => ({ name: "write_file", args: { file_path, content: "x" } });
    const table: [
      Parameters<typeof needsApproval>[0],
      Parameters<typeof needsApproval>[1],
      ToolProperties | undefined,
      boolean,
    ][] = [
      ["default", { name: "read_file" }, ro, false],
      ["default", { name: "crm__lookup" }, ro, false],
      ["default", { name: "crm__export" }, rw, true],
      ["default", { name: "install_skill" }, rw, true],
      ["default", { name: "execute" }, undefined, true], // declares nothing: may change something
      ["default", writeTo(`${wd}/outputs/a.md`), file, true],
      ["auto", writeTo(`${wd}/outputs/a.md`), file, false],
      [
        "auto",
        { name: "edit_file", args: { file_path: `${wd}/notes.md`, old_string: "a", new_string: "b" } },
        file,
        false,
      ],
      ["auto", writeTo(`${wd}/outputs/a.md`), rw, true], // a file_path argument alone opens nothing
      ["auto", writeTo("/home/gem/user-data/agents/AGENTS.md"), file, true],
      ["auto", writeTo(`${wd}-2/a.md`), file, true], // a sibling folder that shares the prefix
      ["auto", writeTo(`${wd}/../t-2/a.md`), file, true], // ".." is refused by the workspace
      ["auto", writeTo(wd), file, true],
      ["auto", { name: "write_file", args: {} }, file, true],
      ["auto", { name: "crm__export" }, rw, true],
      ["auto", { name: "install_skill" }, rw, true],
      ["auto", { name: "crm__lookup" }, ro, false],
      ["trust", { name: "crm__export" }, rw, false],
      ["trust", writeTo("/home/gem/user-data/agents/AGENTS.md"), file, false],
    ];
    for (const [mode, call, info, expected] of table)
      expect(needsApproval(mode, call, info, wd), `${mode} ${call.name} ${JSON.stringify(call.args)}`).toBe(expected);
    // Without a known workdir, auto asks before every write.
    expect(needsApproval("auto", writeTo(`${wd}/a.md`), file)).toBe(true);
    // Asking and planning act on the conversation only: they never wait.
    for (const mode of ["default", "auto"] as const) {
      expect(needsApproval(mode, { name: "ask_user_question" }, toolProperties(askUserQuestionTool), wd)).toBe(false);
      expect(needsApproval(mode, { name: "write_todos" }, toolProperties(writeTodosTool), wd)).toBe(false);
    }
  });

  // An agent another user shared runs their instructions: a prompt there could send the user's data away unasked.
  it("an agent someone else wrote asks before every call that may leave the machine, in every mode", () => {
    const wd = workdirOf("t-1");
    const remoteRead: ToolProperties = { readonly: true, remote: true };
    const remoteWrite: ToolProperties = { sideEffect: "external", remote: true };
    for (const mode of ["default", "auto", "trust"] as const) {
      expect(needsApproval(mode, { name: "crm__lookup" }, remoteRead, wd, true), mode).toBe(true);
      expect(needsApproval(mode, { name: "crm__export" }, remoteWrite, wd, true), mode).toBe(true);
      expect(needsApproval(mode, { name: "install_skill" }, { sideEffect: "external" }, wd, true), mode).toBe(true);
      expect(needsApproval(mode, { name: "execute" }, undefined, wd, true), mode).toBe(true);
      // What stays inside Meridian keeps the mode's rule.
      expect(needsApproval(mode, { name: "read_file" }, { readonly: true }, wd, true), mode).toBe(false);
      expect(needsApproval(mode, { name: "write_todos" }, toolProperties(writeTodosTool), wd, true), mode).toBe(false);
      // The user's own agent: an MCP tool the admin reviewed as read-only does not ask.
      expect(needsApproval(mode, { name: "crm__lookup" }, remoteRead, wd, false), mode).toBe(false);
    }
    expect(
      needsApproval(
        "auto",
        { name: "write_file", args: { file_path: `${wd}/a.md` } },
        { sideEffect: "file" },
        wd,
        true,
      ),
    ).toBe(false);
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
    const result = await chat(
      user,
      "not-trusted",
      [{ toolCalls: [write("asked.md")] }, { text: "Written." }],
      agent.id,
    );
    expect(result.status).toBe("interrupted");
    expect(result.interrupt).toMatchObject({ kind: "approval", actions: [{ name: "write_file" }] });
    // The edit form gets the arguments' JSON schema of the reviewed tool.
    expect(result.interrupt).toMatchObject({
      actions: [{ argsSchema: { type: "object", properties: { file_path: { type: "string" } } } }],
    });
  });

  it("auto lets read-only tools run and stops before writing", async () => {
    const user = await createTestUser();
    const agent = await agentWith(user, "auto");
    const result = await chat(
      user,
      "auto",
      [
        { toolCalls: [{ name: "ls", args: { path: "/home/gem/user-data" } }] },
        { toolCalls: [write("auto.md")] },
        { text: "Written." },
      ],
      agent.id,
    );
    expect(result.status).toBe("interrupted");
    expect(result.interrupt).toMatchObject({ kind: "approval", actions: [{ name: "write_file" }] });
    expect(await h.client.requests("auto")).toHaveLength(2); // ls ran, its result went back to the model
  });
});

describe("approvals read the tool's metadata, not lists of names", () => {
  const ran: string[] = [];
  const make = (name: string, properties: ToolProperties) =>
    tool(async () => (ran.push(name), `${name} ran`), {
      name,
      description: `the ${name} tool`,
      schema: z.object({}),
      metadata: toolMetadata(properties),
    });

  async function runAuto(key: string, tools: ReturnType<typeof make>[]) {
    await h.client.script(key, [{ toolCalls: tools.map((t) => ({ name: t.name, args: {} })) }, { text: "done" }]);
    const agent = createAgent({
      model: await loadChatModel(spec),
      tools,
      middleware: [toolApprovalMiddleware({ mode: "auto", tools, workdir: workdirOf("t-meta") })],
      checkpointer: new MemorySaver(),
    });
    return agent.invoke(
      { messages: [{ role: "user", content: `${scriptMarker(key)} go` }] },
      { configurable: { thread_id: crypto.randomUUID() } },
    );
  }

  it("auto runs a new tool that declares readonly without asking (no list names it)", async () => {
    const result = await runAuto("meta-readonly", [make("count_invoices", { readonly: true })]);
    expect(result.__interrupt__ ?? []).toEqual([]);
    expect(ran).toContain("count_invoices");
    expect(await toolResults("meta-readonly")).toEqual(["count_invoices ran"]);
  });

  it("auto asks before a new tool that declares a side effect, and it does not run unreviewed", async () => {
    const result = await runAuto("meta-side-effect", [
      make("send_invoice", { sideEffect: "external" }),
      make("list_invoices", { readonly: true }),
    ]);
    expect(result.__interrupt__?.[0]?.value).toMatchObject({ kind: "approval", actions: [{ name: "send_invoice" }] });
    expect((result.__interrupt__?.[0]?.value as { actions: unknown[] }).actions).toHaveLength(1);
    expect(ran).not.toContain("send_invoice");
  });
});

describe("default mode", () => {
  it("runs the built-in lookups and an MCP tool marked readOnlyHint unasked, stops before an MCP tool without it, runs it once approved", async () => {
    const user = await createTestUser();
    const agent = await agentWith(user, "default", { preload_skills: ["knowledge-base"] });
    fs.mkdirSync(userWorkspaceDir(user.id), { recursive: true });
    fs.writeFileSync(path.join(userWorkspaceDir(user.id), "notes.md"), "alpha\n");
    const lookups = [
      { name: "ls", args: { path: "/home/gem/user-data" } },
      { name: "read_file", args: { file_path: "/home/gem/user-data/notes.md" } },
      { name: "glob", args: { pattern: "*.md", path: "/home/gem/user-data" } },
      { name: "grep", args: { pattern: "alpha", path: "/home/gem/user-data" } },
      { name: "list_kbs", args: {} },
      { name: "query_kb", args: { kb_id: "kb-1", query_text: "holidays" } },
      { name: "crm__lookup_city", args: { name: "Paris" } },
    ];
    const before = mcp.calls.length;
    const first = await chat(
      user,
      "default-mcp",
      [
        { toolCalls: lookups },
        {
          toolCalls: [
            { name: "crm__export_rows", args: { count: 2 } },
            { name: "crm__lookup_city", args: { name: "Shanghai" } },
          ],
        },
        { text: "Exported." },
      ],
      agent.id,
    );

    expect(first.status).toBe("interrupted");
    expect(first.interrupt).toMatchObject({
      kind: "approval",
      actions: [{ name: "crm__export_rows", args: { count: 2 } }],
    });
    expect(first.interrupt?.kind === "approval" && first.interrupt.actions).toHaveLength(1);
    expect(await h.client.requests("default-mcp")).toHaveLength(2); // the lookups ran, their results went back to the model
    const looked = (await toolResults("default-mcp")).join("\n");
    expect(looked).toContain('"country":"France"');
    expect(looked).toContain("alpha");
    expect(looked).not.toMatch(/approval|rejected/i);
    expect(mcp.calls.slice(before).map((c) => c.tool)).toEqual(["lookup_city"]);

    const { stream } = await startResumeRun(user, first.run.id, { decisions: [{ type: "approve" }] });
    await readAll(stream);
    await activeRunForThread(first.threadId)?.done;
    expect(
      mcp.calls
        .slice(before)
        .map((c) => c.tool)
        .sort(),
    ).toEqual(["export_rows", "lookup_city", "lookup_city"]);
    const results = await toolResults("default-mcp");
    expect(results.some((r) => r.startsWith("id,name,value"))).toBe(true);
    expect(results.some((r) => r.includes('"country":"China"'))).toBe(true);
  });

  it("trust set by an admin runs an MCP tool without readOnlyHint unasked", async () => {
    const admin = await createTestUser("admin");
    const agent = await agentWith(admin, "trust");
    const before = mcp.calls.length;
    const result = await chat(
      admin,
      "trust-mcp",
      [{ toolCalls: [{ name: "crm__export_rows", args: { count: 1 } }] }, { text: "Done." }],
      agent.id,
    );
    expect(result.status).toBe("completed");
    expect(result.interrupt).toBeUndefined();
    expect(mcp.calls.slice(before).map((c) => c.tool)).toEqual(["export_rows"]);
  });
});

describe("auto mode", () => {
  it("writes and edits inside the conversation's workdir unasked; asks before writing elsewhere and before an MCP tool without readOnlyHint", async () => {
    const user = await createTestUser();
    const agent = await agentWith(user, "auto");
    const threadId = crypto.randomUUID();
    const draft = `${workdirOf(threadId)}/outputs/draft.md`;
    const result = await chat(
      user,
      "auto-workdir",
      [
        { toolCalls: [{ name: "write_file", args: { file_path: draft, content: "first draft" } }] },
        { toolCalls: [{ name: "edit_file", args: { file_path: draft, old_string: "first", new_string: "second" } }] },
        { toolCalls: [write("outside.md"), { name: "crm__export_rows", args: { count: 1 } }] },
        { text: "Done." },
      ],
      agent.id,
      threadId,
    );

    expect(
      fs.readFileSync(path.join(userWorkspaceDir(user.id), "projects", threadId, "outputs", "draft.md"), "utf8"),
    ).toBe("second draft");
    expect(result.status).toBe("interrupted");
    expect(result.interrupt?.kind === "approval" && result.interrupt.actions.map((a) => a.name)).toEqual([
      "write_file",
      "crm__export_rows",
    ]);
    expect(fs.existsSync(path.join(userWorkspaceDir(user.id), "outside.md"))).toBe(false);
  });
});

describe("a review of several calls", () => {
  it("asks only about the gated ones; a rejection stops that call while the others run", async () => {
    const user = await createTestUser();
    const first = await chat(user, "mixed", [
      {
        toolCalls: [
          write("one.md"),
          { name: "write_todos", args: { todos: [{ content: "Write the notes", status: "in_progress" }] } },
          write("two.md"),
        ],
      },
      { text: "Wrote one of them." },
    ]);
    const form = first.interrupt!;
    expect(form.kind === "approval" && form.actions.map((a) => a.args.file_path)).toEqual([
      "/home/gem/user-data/one.md",
      "/home/gem/user-data/two.md",
    ]);

    await expect(startResumeRun(user, first.run.id, { decisions: [{ type: "approve" }] })).rejects.toMatchObject({
      status: 400,
    });
    const { stream } = await startResumeRun(user, first.run.id, {
      decisions: [{ type: "approve" }, { type: "reject", message: "only one file" }],
    });
    await readAll(stream);
    await activeRunForThread(first.threadId)?.done;

    const results = await toolResults("mixed");
    expect(results).toHaveLength(3);
    expect(results.some((r) => r.includes("rejected this write_file call") && r.includes("only one file"))).toBe(true);
    expect(results.some((r) => r.startsWith("Todo list updated"))).toBe(true);
    expect((await getThreadState(user, first.threadId)).todos).toEqual([
      { content: "Write the notes", status: "in_progress" },
    ]);
  });
});
