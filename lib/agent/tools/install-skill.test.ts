import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { needsApproval } from "@/lib/agent/middleware/human-in-the-loop";
import { toolProperties } from "./tool-properties";
import { createStoredAgent } from "@/lib/agent/config/manage";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { loadAvailableSkills } from "@/lib/skills/catalog";
import { openWorkspace } from "@/lib/workspace/open";
import { userWorkspaceDir } from "@/lib/workspace/paths";
import { installSkillTool } from "./install-skill";

/** install_skill against a real workspace: what lands in the personal skills, and every refusal. */
let h: AgentHarness;
let dataDir: string;
let user: Actor;
const PERSONAL = "/home/gem/user-data/agents/skills";
const GOOD_MD = "---\nname: Weekly report\ndescription: Write the weekly status report.\n---\nUse templates/week.md.\n";

async function writeFolder(dir: string, files: Record<string, string>) {
  const ws = openWorkspace(user.id);
  for (const [rel, text] of Object.entries(files)) await ws.writeBytes(`/home/gem/user-data/${dir}/${rel}`, text);
  return `/home/gem/user-data/${dir}`;
}
const install = (source_dir: string, overwrite?: boolean) =>
  installSkillTool({ actor: user } as AgentRuntimeContext).invoke({
    source_dir,
    ...(overwrite === undefined ? {} : { overwrite }),
  }) as Promise<string>;
const personalFiles = (slug: string) => {
  const dir = path.join(userWorkspaceDir(user.id), "agents", "skills", slug);
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[])
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
        .sort()
    : [];
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "install-skill-"));
  vi.stubEnv("DATA_DIR", dataDir);
  h = await startAgentHarness();
  user = await createTestUser("user");
});
afterEach(() => {
  for (const name of ["SKILL_MAX_FILE_BYTES", "SKILL_MAX_ENTRIES", "SKILL_MAX_TOTAL_BYTES"]) delete process.env[name];
});
afterAll(async () => {
  await h.stop();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("install_skill", () => {
  it("copies the folder into the personal skills under its slug, and the catalog offers it next run", async () => {
    const source = await writeFolder("drafts/weekly-report", {
      "SKILL.md": GOOD_MD,
      "templates/week.md": "# Week",
      ".DS_Store": "noise",
    });
    const result = await install(source);
    expect(result).toMatch(
      new RegExp(
        `^Installed the personal skill "Weekly report" \\(slug weekly-report\\) at ${PERSONAL}/weekly-report/ with 2 file\\(s\\)`,
      ),
    );
    expect(personalFiles("weekly-report")).toEqual(["SKILL.md", path.join("templates", "week.md")]);
    const skills = await loadAvailableSkills(user);
    expect(skills.find((s) => s.slug === "weekly-report")).toMatchObject({
      name: "Weekly report",
      path: `${PERSONAL}/weekly-report/SKILL.md`,
    });
  });

  it("uses the front matter's slug over the folder name", async () => {
    const source = await writeFolder("drafts/whatever", {
      "SKILL.md": GOOD_MD.replace("name:", "slug: status-notes\nname:"),
    });
    expect(await install(source)).toContain(`at ${PERSONAL}/status-notes/`);
  });

  it("refuses invalid front matter with the line and the reason, writing nothing", async () => {
    const source = await writeFolder("drafts/broken", {
      "SKILL.md": "---\nname: Broken\ndescription: d\nslug: Bad_Slug\n---\nbody\n",
    });
    expect(await install(source)).toMatch(/^Error: SKILL.md line 4: `slug` "Bad_Slug" is not valid/);
    expect(personalFiles("broken")).toEqual([]);
  });

  it("refuses a folder without SKILL.md, a file, a missing folder, a path outside the workspace", async () => {
    const noSkill = await writeFolder("drafts/empty-skill", { "README.md": "hi" });
    expect(await install(noSkill)).toBe("Error: A skill needs a SKILL.md file at the top of its folder.");
    expect(await install(`${noSkill}/README.md`)).toMatch(/is a file; name the folder that holds SKILL.md/);
    expect(await install("/home/gem/user-data/drafts/nope")).toBe(
      "Error: No such folder: /home/gem/user-data/drafts/nope",
    );
    expect(await install("/home/gem/skills/knowledge-base")).toMatch(/name a folder under \/home\/gem\/user-data\//);
    expect(await install("/home/gem/user-data/../../etc")).toMatch(/^Error: Path refused: ".." is not allowed/);
    expect(await install("/etc")).toMatch(/^Error: Path refused: outside the workspace/);
  });

  it("asks before replacing an existing personal skill; overwrite replaces it whole", async () => {
    const first = await writeFolder("drafts/v1/notes", {
      "SKILL.md": GOOD_MD.replace("Weekly report", "Notes"),
      "old.md": "old",
    });
    expect(await install(first)).toContain(`${PERSONAL}/notes/`);
    const second = await writeFolder("drafts/v2/notes", { "SKILL.md": GOOD_MD.replace("Weekly report", "Notes v2") });
    const refused = await install(second);
    expect(refused).toMatch(/^Error: A personal skill "notes" already exists/);
    expect(refused).toContain("overwrite: true");
    expect(personalFiles("notes")).toEqual(["SKILL.md", "old.md"]);
    expect(await install(second, true)).toContain('Installed the personal skill "Notes v2"');
    expect(personalFiles("notes")).toEqual(["SKILL.md"]);
  });

  it("refuses installing a personal skill onto itself", async () => {
    expect(await install(`${PERSONAL}/notes`)).toMatch(/already is the personal skill "notes"/);
  });

  it("enforces the skill package limits: one file's size, the file count, the total size", async () => {
    const source = await writeFolder("drafts/big", {
      "SKILL.md": GOOD_MD.replace("Weekly report", "Big"),
      "a.txt": "x".repeat(100),
      "b.txt": "y".repeat(100),
    });
    process.env.SKILL_MAX_FILE_BYTES = "50";
    expect(await install(source)).toMatch(
      /^Error: The file "(SKILL\.md|a\.txt|b\.txt)" is \d+ bytes; one file may be at most 50 bytes\./,
    );
    delete process.env.SKILL_MAX_FILE_BYTES;
    process.env.SKILL_MAX_ENTRIES = "2";
    expect(await install(source)).toBe("Error: The folder holds more than 2 files; a skill may have at most 2.");
    delete process.env.SKILL_MAX_ENTRIES;
    process.env.SKILL_MAX_TOTAL_BYTES = "150";
    expect(await install(source)).toMatch(/^Error: The folder's files add up to more than 150 bytes/);
    expect(personalFiles("big")).toEqual([]);
  });

  it("is a main-agent-only side-effect tool: a chat asks for approval before anything is installed", async () => {
    const properties = toolProperties(installSkillTool({ actor: user } as AgentRuntimeContext));
    expect(properties).toEqual({ mainAgentOnly: true, sideEffect: "external" });
    for (const mode of ["default", "auto"] as const) {
      expect(needsApproval(mode, { name: "install_skill" }, properties, "/home/gem/user-data/projects/t")).toBe(true);
      expect(needsApproval(mode, { name: "install_skill" }, undefined, "/home/gem/user-data/projects/t")).toBe(true);
    }
    const source = await writeFolder("drafts/approval-skill", {
      "SKILL.md": GOOD_MD.replace("Weekly report", "Approval skill"),
    });
    const agent = await createStoredAgent(user, { slug: "installer", name: "Installer", config: {} });
    await h.client.script("install", [
      { toolCalls: [{ name: "install_skill", args: { source_dir: source } }] },
      { text: "installed" },
    ]);
    const threadId = crypto.randomUUID();
    const { stream } = await startChatRun(user, {
      threadId,
      message: userMessage(`install it ${scriptMarker("install")}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
      agentId: agent.id,
    });
    const chunks = await readAll(stream);
    await activeRunForThread(threadId)?.done;
    expect(dataParts(chunks, "interrupt").at(-1)).toMatchObject({
      kind: "approval",
      actions: [{ name: "install_skill", args: { source_dir: source } }],
    });
    expect(personalFiles("approval-skill")).toEqual([]);
  });
});
