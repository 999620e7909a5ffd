import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPromptWithContext } from "./build-prompt";
import { listAgentsFolder, readUserPromptFiles, USER_PROMPT_FILE_CAP } from "@/lib/workspace/user-prompt-files";
import { listPersonalSkills } from "@/lib/skills/personal";
import { agentConfigSchema } from "@/lib/agent/config/config-schema";
import type { AgentRuntimeContext } from "./context-types";

const ctx = {
  actor: { id: "u1", username: "ada", displayName: "Ada", role: "user", departmentId: null },
  agent: { id: "a", slug: "a", name: "Helper", isSubagent: false, foreign: false },
  config: agentConfigSchema.parse({ system_prompt: "Always cite sources." }),
} as AgentRuntimeContext;

let dir: string;
const prevDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "prompt-"));
  process.env.DATA_DIR = dir;
});
afterAll(() => {
  if (prevDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = prevDataDir;
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeUserFile(user: string, name: string, content: string | Buffer) {
  const d = path.join(dir, "workspaces", user, "agents");
  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, name), content);
}

describe("buildPromptWithContext", () => {
  it("orders date, persona, filesystem, agent prompt, then the user's files", async () => {
    writeUserFile("u1", "AGENTS.md", "Prefer TypeScript.");
    writeUserFile("u1", "MEMORY.md", "Lives in Lisbon.");
    const prompt = buildPromptWithContext(ctx, {
      now: new Date("2026-11-30T10:00:00Z"),
      userFiles: await readUserPromptFiles("u1"),
      workdir: "/home/gem/user-data/projects/t1",
    });
    const order = [
      "2026-11-30",
      "You are Helper",
      "/home/gem/user-data/projects/t1/uploads/",
      "Always cite sources.",
      "Prefer TypeScript.",
      "Lives in Lisbon.",
    ];
    const positions = order.map((s) => prompt.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(prompt).toContain("Ada");
    expect(prompt).not.toContain("USER.md"); // absent files leave no trace
  });

  it("leaves out the filesystem section when the run has no filesystem", () => {
    expect(buildPromptWithContext(ctx)).not.toContain("/home/gem");
  });

  it("caps each file at 64 KiB without breaking a character", async () => {
    writeUserFile("u2", "USER.md", "界".repeat(USER_PROMPT_FILE_CAP)); // 3 bytes each: well over the cap
    const [file] = await readUserPromptFiles("u2");
    expect(Buffer.byteLength(file.content)).toBeLessThanOrEqual(USER_PROMPT_FILE_CAP);
    expect(file.content).not.toContain("\uFFFD");
    expect(file.truncated).toBe(true);
    expect(buildPromptWithContext(ctx, { userFiles: [file] })).toContain("truncated at 64 KiB");
  });

  it("does not follow a symlink planted in place of a prompt file", async () => {
    const secret = path.join(dir, "secret.txt");
    fs.writeFileSync(secret, "TOP SECRET");
    const d = path.join(dir, "workspaces", "u3", "agents");
    fs.mkdirSync(d, { recursive: true });
    fs.symlinkSync(secret, path.join(d, "AGENTS.md"));
    expect(await readUserPromptFiles("u3")).toEqual([]);
  });

  it("one listing of the agents folder serves the prompt files and the personal skills", async () => {
    writeUserFile("u4", "AGENTS.md", "Be brief.");
    const folder = listAgentsFolder("u4");
    expect((await readUserPromptFiles("u4", folder)).map((f) => f.name)).toEqual(["AGENTS.md"]);
    expect(await listPersonalSkills("u4", folder)).toEqual([]); // no skills folder in the listing
    // A skill made since: a new run start's listing shows the folder, and the skill is read.
    const skill = path.join(dir, "workspaces", "u4", "agents", "skills", "tidy");
    fs.mkdirSync(skill, { recursive: true });
    fs.writeFileSync(path.join(skill, "SKILL.md"), "---\nname: Tidy\ndescription: Tidies files.\n---\nTidy up.\n");
    expect(await listPersonalSkills("u4", folder)).toEqual([]); // the old listing
    expect((await listPersonalSkills("u4", listAgentsFolder("u4"))).map((s) => s.slug)).toEqual(["tidy"]);
    // A user without the folder: nothing, from the one listing.
    const none = listAgentsFolder("u5");
    expect(await none).toEqual([]);
    expect(await readUserPromptFiles("u5", none)).toEqual([]);
    expect(await listPersonalSkills("u5", none)).toEqual([]);
  });

  it("refuses a user id that could escape the workspaces folder", async () => {
    await expect(readUserPromptFiles("../../etc")).rejects.toThrow(/Invalid user id/);
  });
});
