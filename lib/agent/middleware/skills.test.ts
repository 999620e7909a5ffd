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
import { scriptMarker, type Turn } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { createStoredAgent } from "@/lib/agent/config/manage";
import { insertSharedSkill } from "@/lib/db/skills";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { getThreadState } from "@/lib/runs/thread-state";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { personalSkillFolder, sharedSkillFolder } from "@/lib/skills/folders";
import { KB_TOOL_NAMES, NO_KNOWLEDGE_BASES } from "@/lib/agent/tools/kb-tools";
import type { Sharing } from "@/lib/sharing/types";

/**
 * Skills through real chats: shared skills in the database and the shared store, personal ones
 * in the user's workspace, the scripted model over HTTP. What the model was offered is read
 * from the scripted server's request log.
 */
type Body = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };

let h: AgentHarness;
let dataDir: string;
let root: Actor;
let user: Actor;
const spec = `${MOCK_PROVIDER}:mock-chat`;
const everyone: Sharing = {
  read: { global: true, departmentIds: [], userIds: [] },
  manage: { global: false, departmentIds: [], userIds: [] },
};
const KB_PATH = "/home/gem/skills/knowledge-base/SKILL.md";

const skillMd = (front: string, body: string) => `---\n${front}\n---\n${body}\n`;
const KB_MD = skillMd(
  `name: Knowledge base\ndescription: Search the knowledge bases shared with you and cite their documents.\ntool_dependencies: [${KB_TOOL_NAMES.join(", ")}]`,
  "# Knowledge base\nKB-BODY-MARKER: call list_kbs first.",
);
const REPORT_MD = skillMd("name: Research report\ndescription: SHARED-REPORT-DESCRIPTION", "REPORT-BODY-MARKER");
const CITED_MD = skillMd(
  "name: Cited report\ndescription: Reports citing knowledge bases.\nskill_dependencies: [knowledge-base]",
  "CITED-BODY-MARKER",
);

async function addSharedSkill(owner: Actor, slug: string, text: string, sharing: Sharing = everyone) {
  const parsed = parseSkillMarkdown(text);
  if (!parsed.ok) throw new Error(`bad fixture ${slug}: ${parsed.reason}`);
  await insertSharedSkill(owner, { slug, meta: parsed.meta, content: text, source: "upload", sharing });
  await sharedSkillFolder(slug).write("SKILL.md", text);
}

async function agentWith(owner: Actor, config: Partial<AgentConfig>) {
  return createStoredAgent(owner, { slug: `skills-${crypto.randomUUID().slice(0, 8)}`, name: "Skills test", config });
}

/** One user turn through the real run path; the script's turns are registered on the first call. */
async function chat(actor: Actor, key: string, opts: { agentId: string; threadId?: string; turns?: Turn[] }) {
  if (opts.turns) await h.client.script(key, opts.turns);
  const threadId = opts.threadId ?? crypto.randomUUID();
  const { stream } = await startChatRun(actor, {
    threadId,
    message: userMessage(`go ${scriptMarker(key)}`),
    modelSpec: spec,
    agentId: opts.agentId,
  });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { threadId, chunks, skills: dataParts(chunks, "skills") };
}

const bodies = async (key: string) => (await h.client.requests(key)).map((r) => r.body as Body);
const toolNames = (body: Body) => (body.tools ?? []).map((t) => t.function.name).sort();
const systemText = (body: Body) =>
  JSON.stringify(body.messages.filter((m) => m.role === "system").map((m) => m.content));
const toolResults = (body: Body) =>
  body.messages.filter((m) => m.role === "tool").map((m) => JSON.stringify(m.content));
const readCall = (file_path: string) => ({ toolCalls: [{ name: "read_file", args: { file_path } }] });
const difference = (a: string[], b: string[]) => a.filter((x) => !b.includes(x)).sort();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skills-mw-"));
  vi.stubEnv("DATA_DIR", dataDir);
  h = await startAgentHarness();
  root = await createTestUser("superadmin");
  user = await createTestUser("user");
  await addSharedSkill(root, "knowledge-base", KB_MD);
  await addSharedSkill(root, "research-report", REPORT_MD);
  await addSharedSkill(root, "cited-report", CITED_MD);
  await addSharedSkill(
    root,
    "secret-skill",
    skillMd("name: Secret\ndescription: SECRET-SKILL-DESCRIPTION", "SECRET-BODY"),
    { read: { global: false, departmentIds: [], userIds: [] }, manage: everyone.manage },
  );
});
afterAll(async () => {
  await h.stop();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("progressive activation", () => {
  it("reading knowledge-base/SKILL.md adds exactly its seven tools from the next request, streams data-skills, and keeps them next turn", async () => {
    const agent = await agentWith(user, {});
    const first = await chat(user, "activate", {
      agentId: agent.id,
      turns: [readCall(KB_PATH), { text: "read it" }, { text: "second turn" }],
    });
    const [before, after] = await bodies("activate");

    expect(difference(toolNames(after!), toolNames(before!))).toEqual([...KB_TOOL_NAMES].sort());
    expect(difference(toolNames(before!), toolNames(after!))).toEqual([]);
    expect(systemText(before!)).toContain("## Skills");
    expect(systemText(before!)).toContain(KB_PATH);
    expect(systemText(before!)).toContain("Search the knowledge bases shared with you");
    expect(systemText(before!)).not.toContain("KB-BODY-MARKER");
    expect(systemText(before!)).not.toContain("SECRET");

    expect(first.skills).toEqual([
      {
        activated: ["knowledge-base"],
        available: expect.arrayContaining([
          { slug: "knowledge-base", name: "Knowledge base" },
          { slug: "research-report", name: "Research report" },
        ]),
      },
    ]);
    expect((await getThreadState(user, first.threadId)).activatedSkills).toEqual(["knowledge-base"]);

    const second = await chat(user, "activate", { agentId: agent.id, threadId: first.threadId });
    const third = (await bodies("activate"))[2]!;
    expect(toolNames(third)).toEqual(expect.arrayContaining(KB_TOOL_NAMES));
    expect(second.skills).toEqual([]); // nothing changed this turn
  });

  it("a crafted call to a hidden skill tool is refused without running; after activation it runs", async () => {
    const agent = await agentWith(user, {});
    await chat(user, "crafted", {
      agentId: agent.id,
      turns: [
        { toolCalls: [{ name: "query_kb", args: { kb_id: "kb-1", query_text: "salaries" } }] },
        readCall(KB_PATH),
        { toolCalls: [{ name: "query_kb", args: { kb_id: "kb-1", query_text: "salaries" } }] },
        { text: "done" },
      ],
    });
    const log = await bodies("crafted");
    const refused = toolResults(log[1]!)[0]!;
    expect(refused).toContain("query_kb is not a valid tool yet");
    expect(refused).toContain(KB_PATH);
    expect(refused).not.toContain(NO_KNOWLEDGE_BASES);
    expect(toolResults(log[3]!).at(-1)).toContain(NO_KNOWLEDGE_BASES);
  });

  it("two skills read in one step both activate; the last data-skills part lists both", async () => {
    const agent = await agentWith(user, {});
    const { skills, threadId } = await chat(user, "parallel", {
      agentId: agent.id,
      turns: [
        {
          toolCalls: [
            { name: "read_file", args: { file_path: KB_PATH } },
            { name: "read_file", args: { file_path: "/home/gem/skills/research-report/SKILL.md" } },
          ],
        },
        { text: "ok" },
      ],
    });
    expect([...(await getThreadState(user, threadId)).activatedSkills].sort()).toEqual([
      "knowledge-base",
      "research-report",
    ]);
    expect([...skills.at(-1)!.activated].sort()).toEqual(["knowledge-base", "research-report"]);
  });

  it("only an exact SKILL.md path that was read activates: a failed read or another file does not, a normalised path does", async () => {
    const agent = await agentWith(user, {});
    const { threadId, skills } = await chat(user, "paths", {
      agentId: agent.id,
      turns: [
        readCall("/home/gem/user-data/agents/skills/knowledge-base/SKILL.md"), // no personal copy: the read fails
        readCall("/home/gem/skills/knowledge-base/../knowledge-base/SKILL.md"), // refused path
        readCall("/home/gem/skills/knowledge-base/NOTES.md"),
        { text: "nothing yet" },
      ],
    });
    expect((await getThreadState(user, threadId)).activatedSkills).toEqual([]);
    expect(skills).toEqual([]);
    expect(toolNames((await bodies("paths"))[3]!)).not.toContain("query_kb");

    await chat(user, "paths-ok", {
      agentId: agent.id,
      turns: [readCall("/home/gem/skills//knowledge-base/./SKILL.md"), { text: "ok" }],
    });
    expect(toolNames((await bodies("paths-ok"))[1]!)).toEqual(expect.arrayContaining(KB_TOOL_NAMES));
  });
});

describe("preloading", () => {
  it("preloaded skills and their closure are in the prompt in full with their tools open from the first request", async () => {
    const agent = await agentWith(user, { preload_skills: ["cited-report"] });
    const { skills, threadId } = await chat(user, "preload", { agentId: agent.id, turns: [{ text: "hi" }] });
    const [first] = await bodies("preload");
    expect(toolNames(first!)).toEqual(expect.arrayContaining(KB_TOOL_NAMES));
    const prompt = systemText(first!);
    expect(prompt).toContain("## Loaded skills");
    expect(prompt).toContain("CITED-BODY-MARKER");
    expect(prompt).toContain("KB-BODY-MARKER"); // the dependency, injected too
    expect(prompt).not.toContain("REPORT-BODY-MARKER");
    expect(prompt).toContain("/home/gem/skills/research-report/SKILL.md"); // still lazy
    expect(prompt).not.toContain("(`knowledge-base`)"); // not in the lazy list
    expect(skills.at(-1)?.activated).toEqual(["cited-report", "knowledge-base"]);
    expect((await getThreadState(user, threadId)).activatedSkills).toEqual(["cited-report", "knowledge-base"]);
  });
});

describe("the effective set: null / [] / list", () => {
  it("null offers every readable skill; a private skill of someone else never appears nor activates", async () => {
    const agent = await agentWith(user, { skills: null });
    const { threadId } = await chat(user, "null", {
      agentId: agent.id,
      turns: [readCall("/home/gem/skills/secret-skill/SKILL.md"), { text: "ok" }],
    });
    const [first, second] = await bodies("null");
    for (const slug of ["knowledge-base", "research-report", "cited-report"])
      expect(systemText(first!)).toContain(`/home/gem/skills/${slug}/SKILL.md`);
    expect(systemText(first!)).not.toContain("secret-skill");
    expect(toolResults(second!)[0]).toMatch(/No such file/);
    expect((await getThreadState(user, threadId)).activatedSkills).toEqual([]);
  });

  it("[] lists no skills and registers no skill tools; reading a SKILL.md changes nothing", async () => {
    const agent = await agentWith(user, { skills: [] });
    const { threadId, skills } = await chat(user, "none", {
      agentId: agent.id,
      turns: [readCall(KB_PATH), { toolCalls: [{ name: "list_kbs", args: {} }] }, { text: "ok" }],
    });
    const log = await bodies("none");
    expect(systemText(log[0]!)).not.toContain("## Skills");
    expect(toolNames(log[1]!)).toEqual(toolNames(log[0]!));
    expect(toolNames(log[0]!)).not.toContain("list_kbs");
    expect(toolResults(log[2]!).at(-1)).toMatch(/list_kbs is not a valid tool/);
    expect((await getThreadState(user, threadId)).activatedSkills).toEqual([]);
    expect(skills).toEqual([]);
  });

  it("a list excludes the others: reading a skill outside the effective set changes nothing", async () => {
    const agent = await agentWith(user, { skills: ["research-report"] });
    const { threadId, skills } = await chat(user, "list", {
      agentId: agent.id,
      turns: [readCall(KB_PATH), { text: "ok" }],
    });
    const [before, after] = await bodies("list");
    expect(toolResults(after!)[0]).toContain("KB-BODY-MARKER"); // the read itself worked
    expect(toolNames(after!)).toEqual(toolNames(before!));
    expect(systemText(before!)).toContain("/home/gem/skills/research-report/SKILL.md");
    expect(systemText(before!)).not.toContain(KB_PATH);
    expect((await getThreadState(user, threadId)).activatedSkills).toEqual([]);
    expect(skills).toEqual([]);
  });
});

describe("personal skills", () => {
  it("a personal skill replaces the shared one's description and path, and reading the personal SKILL.md activates it", async () => {
    const owner = await createTestUser("user");
    const text = skillMd("name: My report\ndescription: PERSONAL-REPORT-DESCRIPTION", "PERSONAL-BODY");
    await personalSkillFolder(owner.id, "research-report").write("SKILL.md", text);
    const agent = await agentWith(owner, { skills: ["research-report"] });
    const personalPath = "/home/gem/user-data/agents/skills/research-report/SKILL.md";
    const { skills } = await chat(owner, "personal", {
      agentId: agent.id,
      turns: [readCall(personalPath), { text: "ok" }],
    });
    const [first] = await bodies("personal");
    expect(systemText(first!)).toContain("PERSONAL-REPORT-DESCRIPTION");
    expect(systemText(first!)).toContain(personalPath);
    expect(systemText(first!)).not.toContain("SHARED-REPORT-DESCRIPTION");
    expect(systemText(first!)).not.toContain("/home/gem/skills/research-report/SKILL.md");
    expect(skills).toEqual([
      { activated: ["research-report"], available: [{ slug: "research-report", name: "My report" }] },
    ]);
  });
});
