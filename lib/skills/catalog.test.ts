import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import { getDefaultAgent } from "@/lib/db/agents";
import { loadResourceCatalog } from "@/lib/agent/runtime/resource-catalog";
import { deriveRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { agentConfigSchema } from "@/lib/agent/config/config-schema";
import { openWorkspace } from "@/lib/workspace/open";
import { createSkillFromText } from "./create";
import { updateSkill } from "./manage";
import { skillMarkdown } from "@/lib/testing/zip-fixtures";

let dir: string;
let admin: Actor;
let user: Actor;
const everyone = {
  read: { global: true, departmentIds: [], userIds: [] },
  manage: { global: false, departmentIds: [], userIds: [] },
};

async function shared(slug: string, extra = "", opts: { enabled?: boolean } = {}) {
  await createSkillFromText(
    admin,
    { files: { "SKILL.md": skillMarkdown(`Shared ${slug}`, `Shared ${slug} help.`, extra) }, slug },
    "shared",
  );
  await updateSkill(admin, slug, "shared", { sharing: everyone, enabled: opts.enabled ?? true });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "skills-catalog-"));
  vi.stubEnv("DATA_DIR", dir);
  await createTestDatabase();
  await seedAgents();
  admin = await insertTestUser({ role: "superadmin" });
  user = await insertTestUser({ role: "user" });
  await shared("report", "tool_dependencies: [query_kb]\nmcp_dependencies: [github]\nskill_dependencies: [research]\n");
  await shared("research", "skill_dependencies: [report]\n");
  await shared("overridden");
  await shared("disabled", "", { enabled: false });
  await createSkillFromText(
    admin,
    { files: { "SKILL.md": skillMarkdown("Private draft") }, slug: "private-draft" },
    "shared",
  );
  await createSkillFromText(
    user,
    {
      files: { "SKILL.md": skillMarkdown("My override", "Mine wins.", "tool_dependencies: [list_kbs]\n") },
      slug: "overridden",
    },
    "personal",
  );
  await createSkillFromText(user, { files: { "SKILL.md": skillMarkdown("My own") }, slug: "my-own" }, "personal");
  // Broken personal skills are skipped: bad front matter, no SKILL.md, a folder that is not a slug.
  const ws = openWorkspace(user.id);
  await ws.writeBytes("/home/gem/user-data/agents/skills/broken/SKILL.md", "---\nname: Broken\n---\n");
  await ws.writeBytes("/home/gem/user-data/agents/skills/empty/notes.md", "no skill here");
  await ws.writeBytes("/home/gem/user-data/agents/skills/Not A Slug/SKILL.md", skillMarkdown("Bad folder"));
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("loadResourceCatalog(actor).skills", () => {
  it("offers readable enabled shared skills and personal skills, personal over shared, broken ones skipped", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { skills } = await loadResourceCatalog(user);
    const warnings = warn.mock.calls.map((c) => String(c[0])).join("\n");
    warn.mockRestore();
    expect(skills.map((s) => s.slug)).toEqual(["my-own", "overridden", "report", "research"]);
    expect(warnings).toMatch(/broken\/SKILL\.md line 1: `description` is required/);
    expect(warnings).toMatch(/skills\/empty has no SKILL\.md/);
    expect(warnings).toMatch(/Not A Slug: the folder name is not a skill slug/);

    const bySlug = Object.fromEntries(skills.map((s) => [s.slug, s]));
    expect(bySlug.overridden).toMatchObject({
      name: "My override",
      path: "/home/gem/user-data/agents/skills/overridden/SKILL.md",
      tools: ["list_kbs"],
      content: expect.stringContaining("Mine wins."),
    });
    expect(bySlug.report).toEqual({
      slug: "report",
      name: "Shared report",
      description: "Shared report help.",
      path: "/home/gem/skills/report/SKILL.md",
      tools: ["query_kb"],
      mcps: ["github"],
      skills: ["research"],
      content: skillMarkdown(
        "Shared report",
        "Shared report help.",
        "tool_dependencies: [query_kb]\nmcp_dependencies: [github]\nskill_dependencies: [research]\n",
      ),
    });
  });

  it("shows the superadmin every enabled shared skill (private ones included) but never disabled ones, nor another user's personal skills", async () => {
    const slugs = (await loadResourceCatalog(admin)).skills.map((s) => s.slug);
    expect(slugs).toEqual(["overridden", "private-draft", "report", "research"]);
    expect((await loadResourceCatalog(admin)).skills.find((s) => s.slug === "overridden")?.path).toBe(
      "/home/gem/skills/overridden/SKILL.md",
    );
  });

  it("feeds effectiveSkillSlugs and preloading: null = all, [] = none, a list is intersected, dependencies close over cycles", async () => {
    const catalog = await loadResourceCatalog(user);
    const agent = (await getDefaultAgent(user))!;
    const derive = (config: Record<string, unknown>) =>
      deriveRuntimeContext(user, agent, agentConfigSchema.parse(config), catalog);

    expect(derive({ skills: null }).effectiveSkillSlugs).toEqual(["my-own", "overridden", "report", "research"]);
    expect(derive({ skills: [] }).effectiveSkillSlugs).toEqual([]);
    // Unknown, disabled and unreadable slugs drop out; dependencies join (report <-> research is a cycle).
    const ctx = derive({ skills: ["report", "disabled", "private-draft", "ghost"], preload_skills: ["research"] });
    expect(ctx.effectiveSkillSlugs).toEqual(["report", "research"]);
    expect(ctx.runtimeSkills.report).toEqual({
      name: "Shared report",
      description: "Shared report help.",
      path: "/home/gem/skills/report/SKILL.md",
      tools: ["query_kb"],
      mcps: ["github"],
      skills: ["research"],
    });
    expect(ctx.preloadedSkills.map((p) => p.slug)).toEqual(["research", "report"]);
    expect(ctx.preloadedSkills[0].content).toContain("name: Shared research");
    // The personal override is what the agent gets for its slug.
    expect(derive({ skills: ["overridden"], preload_skills: ["overridden"] }).preloadedSkills[0].content).toContain(
      "Mine wins.",
    );
  });
});
