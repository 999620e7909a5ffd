import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { hostileCorpus, outsideUntouched, plantHostileFixture, SECRET } from "@/lib/testing/hostile-paths";
import { userWorkspaceDir, workdirOf } from "@/lib/workspace/paths";
import type { Actor } from "@/lib/identity/actor";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import { createMcpServer } from "@/lib/mcp/servers";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { refreshMcpTools } from "@/lib/mcp/refresh-tools";
import { getDb } from "@/lib/db/client";
import { agents } from "@/lib/db/schema";
import { eq, sql } from "drizzle-orm";
import { countTextTokens } from "@/lib/agent/token-count";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { filesystemMiddleware, runFilesystemMiddleware } from "./filesystem";
import { LARGE_RESULT_CHARS, LARGE_RESULT_TOKENS } from "./large-tool-results";

/**
 * The filesystem tools through a real agent and the scripted model over HTTP: every hostile
 * path the model names is refused or stays inside the user's root, a 1 MB tool result reaches
 * the model as a receipt while the file holds all of it, and artifacts are re-checked.
 */
type Msg = { role: string; content: unknown; tool_call_id?: string };
type Body = { tools?: { function: { name: string } }[]; messages: Msg[] };

let h: AgentHarness;
let mcp: TestMcpServer;
let user: Actor;
let dataDir: string;
let userRoot: string;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const PWNED = "PWNED-BY-THE-AGENT";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-agent-"));
  vi.stubEnv("DATA_DIR", dataDir);
  // 406 tool results in one request: a window large enough that no summary hides any of them.
  h = await startAgentHarness({ contextWindow: 1_000_000 });
  user = await createTestUser("user");
  // These tests are about the tools, not approvals: the default agent runs them without asking.
  const db = await getDb();
  await db
    .update(agents)
    .set({ config: sql`${agents.config} || '{"tool_approval_mode":"trust"}'::jsonb` })
    .where(eq(agents.isDefault, true));
  userRoot = userWorkspaceDir(user.id);
  vi.stubEnv("ENCRYPTION_KEY", "filesystem-test-key");
  mcp = await startTestMcpServer({ tools: ["export_rows", "prose"] });
  const root = await createTestUser("superadmin");
  const everyone = {
    read: { global: true, departmentIds: [], userIds: [] },
    manage: { global: false, departmentIds: [], userIds: [] },
  };
  const server = await createMcpServer(
    root,
    mcpServerCreateSchema.parse({ name: "exports", url: mcp.httpUrl, sharing: everyone }),
  );
  await refreshMcpTools(root, server.id);
  plantHostileFixture(dataDir, userRoot);
});
afterAll(async () => {
  await h.stop();
  await mcp.close();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function toolResults(body: Body): string[] {
  return body.messages
    .filter((m) => m.role === "tool")
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as { type: string; text?: string }[]).map((b) => b.text ?? JSON.stringify(b)).join("\n"),
    );
}

/** Every file under `dir` (not following links) whose content contains `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesContaining(full, needle));
    else if (entry.isFile() && fs.readFileSync(full, "utf8").includes(needle)) out.push(full);
  }
  return out;
}

describe("hostile paths through the agent's own tool calls", () => {
  it(`never reads or writes outside the user's root (${hostileCorpus.length} paths × read, write, edit, ls)`, async () => {
    const chunks: string[][] = [];
    for (let i = 0; i < hostileCorpus.length; i += 25) chunks.push(hostileCorpus.slice(i, i + 25));
    await h.client.script("hostile", [
      ...chunks.map((paths) => ({
        toolCalls: paths.flatMap((p) => [
          { name: "read_file", args: { file_path: p } },
          { name: "write_file", args: { file_path: p, content: PWNED } },
          { name: "edit_file", args: { file_path: p, old_string: "fine", new_string: PWNED } },
          { name: "ls", args: { path: p } },
        ]),
      })),
      {
        toolCalls: [
          { name: "grep", args: { pattern: SECRET.slice(3, -3), path: "/" } },
          { name: "glob", args: { pattern: "**/*", path: "/" } },
        ],
      },
      { text: "done" },
    ]);
    await runAgentTurn(user, `probe ${scriptMarker("hostile")}`, { modelSpec: spec });

    const requests = (await h.client.requests("hostile")).map((r) => r.body as Body);
    expect(requests).toHaveLength(chunks.length + 2);
    const results = toolResults(requests.at(-1)!);
    expect(results).toHaveLength(hostileCorpus.length * 4 + 2);
    for (const r of results) expect(r).not.toContain(SECRET);
    // A sample of readable refusals, as the model sees them.
    expect(results.some((r) => r.includes('Path refused: ".." is not allowed'))).toBe(true);
    expect(results.some((r) => r.includes("symbolic link points outside the workspace"))).toBe(true);
    expect(results.some((r) => r.includes("/home/gem/skills is read-only"))).toBe(true);
    expect(results.some((r) => r.includes("control characters"))).toBe(true);

    const { secretsIntact, planted } = outsideUntouched(dataDir);
    expect(secretsIntact).toBe(true);
    expect(planted).toEqual([]);
    const realRoot = fs.realpathSync(userRoot);
    const written = filesContaining(dataDir, PWNED);
    expect(written.length).toBeGreaterThan(0); // harmless literal names (e.g. "%2e%2e") land inside
    for (const f of written) expect(fs.realpathSync(f).startsWith(`${realRoot}${path.sep}`), f).toBe(true);
    expect(fs.existsSync("/etc/new-file")).toBe(false);
    expect(fs.readFileSync(path.join(userRoot, "inside.txt"), "utf8")).toBe("fine"); // never edited through the link
  });
});

describe("large tool results", () => {
  it("saves a 1 MB MCP tool result to the workdir and gives the model a receipt", async () => {
    const threadId = crypto.randomUUID();
    const rows = 16_000; // 16,000 × ~66 characters ≈ 1.05 MB
    await h.client.script("big", [
      { toolCalls: [{ name: "exports__export_rows", args: { count: rows } }] },
      { text: "summarised" },
    ]);
    await runAgentTurn(user, `export ${scriptMarker("big")}`, { modelSpec: spec, threadId });

    expect(mcp.calls.map((c) => c.tool)).toContain("export_rows");
    const [, second] = (await h.client.requests("big")).map((r) => r.body as Body);
    const [receipt] = toolResults(second);
    expect(receipt.length).toBeLessThan(4000);
    const match =
      /Full result: (\/home\/gem\/user-data\/projects\/[^\s]+\/outputs\/large_tool_results\/exports__export_rows-[0-9a-f]{12}\.txt)/.exec(
        receipt,
      );
    expect(match, receipt).not.toBeNull();
    expect(match![1].startsWith(workdirOf(threadId))).toBe(true);
    expect(receipt).toMatch(/Tool: exports__export_rows/);
    expect(receipt).toMatch(/Size: ~\d+ tokens \(\d+ characters\)/);
    expect(receipt).toContain("Preview (beginning):\nid,name,value\n0,row-0,");
    const saved = fs.readFileSync(path.join(userRoot, match![1].slice("/home/gem/user-data/".length)), "utf8");
    expect(saved.length).toBeGreaterThan(1_000_000);
    expect(saved.split("\n")).toHaveLength(rows + 1);
    expect(saved).toContain(`${rows - 1},row-${rows - 1},`);
  });

  it("saves a result of many characters but few tokens (the band deepagents' eviction used to lose) the same way", async () => {
    const threadId = crypto.randomUUID();
    await h.client.script("band", [
      { toolCalls: [{ name: "exports__prose", args: { words: 2000 } }] },
      { text: "read it" },
    ]);
    await runAgentTurn(user, `prose ${scriptMarker("band")}`, { modelSpec: spec, threadId });

    const [, second] = (await h.client.requests("band")).map((r) => r.body as Body);
    const [receipt] = toolResults(second);
    expect(receipt).not.toMatch(/could not be saved/);
    const match =
      /Full result: (\/home\/gem\/user-data\/projects\/[^\s]+\/outputs\/large_tool_results\/exports__prose-[0-9a-f]{12}\.txt)/.exec(
        receipt,
      );
    expect(match, receipt).not.toBeNull();
    expect(match![1].startsWith(workdirOf(threadId))).toBe(true);
    expect(receipt).toContain("Preview (beginning):\ninternational communication and responsibility of");
    const saved = fs.readFileSync(path.join(userRoot, match![1].slice("/home/gem/user-data/".length)), "utf8");
    // In the band: over the character threshold (20k), under the token one (~2,200).
    expect(saved.length).toBeGreaterThan(20_000);
    expect(countTextTokens(saved)).toBeGreaterThan(2000);
    expect(countTextTokens(saved)).toBeLessThan(LARGE_RESULT_TOKENS);
    expect(receipt).toMatch(new RegExp(`Size: ~${countTextTokens(saved)} tokens \\(${saved.length} characters\\)`));
    expect(fs.existsSync(path.join(userRoot, "large_tool_results"))).toBe(false);
  });

  it("keeps results up to the character threshold inline when they are under the token one", async () => {
    await h.client.script("under-band", [
      { toolCalls: [{ name: "exports__prose", args: { words: 1000 } }] },
      { text: "ok" },
    ]);
    await runAgentTurn(user, `prose ${scriptMarker("under-band")}`, { modelSpec: spec });
    const [inline] = toolResults((await h.client.requests("under-band")).map((r) => r.body as Body)[1]!);
    expect(inline.length).toBeGreaterThan(LARGE_RESULT_TOKENS);
    expect(inline.length).toBeLessThanOrEqual(LARGE_RESULT_CHARS);
    expect(inline.startsWith("international communication")).toBe(true);
  });

  it("the tools, shared by every run, act in the running user's own workspace even when two users' runs overlap", async () => {
    const other = await createTestUser("user");
    const write = (who: string) => ({
      toolCalls: [{ name: "write_file", args: { file_path: "/home/gem/user-data/whose.txt", content: who } }],
    });
    await h.client.script("whose-a", [write("first user"), { text: "ok" }]);
    await h.client.script("whose-b", [write("second user"), { text: "ok" }]);
    await Promise.all([
      runAgentTurn(user, `write ${scriptMarker("whose-a")}`, { modelSpec: spec }),
      runAgentTurn(other, `write ${scriptMarker("whose-b")}`, { modelSpec: spec }),
    ]);
    expect(fs.readFileSync(path.join(userRoot, "whose.txt"), "utf8")).toBe("first user");
    expect(fs.readFileSync(path.join(userWorkspaceDir(other.id), "whose.txt"), "utf8")).toBe("second user");
  });

  it("a shared tool called outside a run (no acting user in its context) touches no workspace", async () => {
    const ls = runFilesystemMiddleware().tools?.find((t) => t.name === "ls");
    await expect(ls!.invoke({ path: "/home/gem/user-data" }, {})).rejects.toThrow(/run's context/);
  });

  it("deepagents' own eviction is off: the filesystem middleware wraps no tool call, ours is the one offloader", () => {
    const middleware = filesystemMiddleware({} as WorkspaceBackend);
    expect(middleware.wrapToolCall).toBeUndefined();
    expect(middleware.tools?.find((t) => t.name === "grep")?.description).not.toContain(
      "/large_tool_results/ by default",
    );
  });

  it("leaves read_file results alone (paged instead) and small results inline", async () => {
    const threadId = crypto.randomUUID();
    await h.client.script("small", [
      {
        toolCalls: [
          { name: "write_file", args: { file_path: `${workdirOf(threadId)}/notes.md`, content: "alpha\nbeta\n" } },
        ],
      },
      { toolCalls: [{ name: "read_file", args: { file_path: `${workdirOf(threadId)}/notes.md` } }] },
      { text: "ok" },
    ]);
    await runAgentTurn(user, `notes ${scriptMarker("small")}`, { modelSpec: spec, threadId });
    const last = (await h.client.requests("small")).map((r) => r.body as Body).at(-1)!;
    const [wrote, read] = toolResults(last);
    expect(wrote).toContain("Successfully wrote");
    expect(read).toMatch(/@@ lines 1-2 of 2 @@/);
    expect(read).toMatch(/^\s+1\talpha$/m);
    expect(read).toMatch(/^\s+2\tbeta$/m);
    expect(fs.existsSync(path.join(userRoot, "projects", threadId, "outputs", "large_tool_results"))).toBe(false);
  });
});

describe("present_artifacts", () => {
  it("presents regular workspace files and refuses the rest", async () => {
    const threadId = crypto.randomUUID();
    const wd = workdirOf(threadId);
    await h.client.script("artifacts", [
      { toolCalls: [{ name: "write_file", args: { file_path: `${wd}/outputs/report.md`, content: "# Report" } }] },
      {
        toolCalls: [
          {
            name: "present_artifacts",
            args: {
              filepaths: [
                `${wd}/outputs/report.md`,
                `${wd}/outputs`,
                "/etc/passwd",
                `${wd}/missing.md`,
                "/home/gem/user-data/secret-link.txt",
              ],
            },
          },
        ],
      },
      { text: "here you go" },
    ]);
    const { values, custom } = await runAgentTurn(user, `make a report ${scriptMarker("artifacts")}`, {
      modelSpec: spec,
      threadId,
    });
    expect(values.artifacts).toEqual([
      { path: `${wd}/outputs/report.md`, name: "report.md", size: 8, mediaType: "text/markdown", scope: "workdir" },
    ]);
    expect(custom).toContainEqual(
      expect.objectContaining({ type: "data-artifacts", data: { artifacts: values.artifacts } }),
    );
    const [, result] = toolResults((await h.client.requests("artifacts")).map((r) => r.body as Body).at(-1)!);
    expect(result).toContain("Presented 1 file(s)");
    expect(result).toContain(`${wd}/outputs: is a directory`);
    expect(result).toContain("/etc/passwd: Path refused");
    expect(result).toContain(`${wd}/missing.md: no such file`);
    expect(result).toContain("secret-link.txt: Path refused: a symbolic link points outside");
  });
});
