import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { listSharedSkills, requireSharedSkill, updateSharedSkill } from "@/lib/db/skills";
import { KB_TOOL_NAMES } from "@/lib/agent/tools/kb-tools";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { seedSkills } from "./seed-skills";

let dir: string;
let superadmin: Actor;
let user: Actor;
const skillFile = (slug: string, rel = "SKILL.md") => path.join(dir, "skills", slug, rel);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-skills-"));
  vi.stubEnv("DATA_DIR", dir);
  await createTestDatabase();
  superadmin = await insertTestUser({ role: "superadmin" });
  user = await insertTestUser({ role: "user" });
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("seedSkills", () => {
  it("installs the built-in skills, shared with everyone, with their files", async () => {
    await seedSkills();
    const rows = await listSharedSkills(user);
    expect(rows.map((r) => [r.slug, r.source, r.enabled, r.access])).toEqual([
      ["html-preview", "builtin", true, "read"],
      ["knowledge-base", "builtin", true, "read"],
      ["research-report", "builtin", true, "read"],
    ]);
    const kb = rows.find((r) => r.slug === "knowledge-base")!;
    expect(kb.toolDependencies).toEqual(KB_TOOL_NAMES);
    expect(kb.content).toBe(fs.readFileSync(skillFile("knowledge-base"), "utf8"));
    expect(fs.existsSync(skillFile("research-report", "templates/report-template.md"))).toBe(true);
    expect(fs.existsSync(skillFile("html-preview", "examples/dashboard.html"))).toBe(true);
    for (const r of rows) expect(parseSkillMarkdown(r.content).ok).toBe(true);
  });

  it("re-seeding restores built-in content but keeps the admin's switch and sharing", async () => {
    await updateSharedSkill(superadmin, "research-report", {
      enabled: false,
      sharing: {
        read: { global: false, departmentIds: [], userIds: [user.id] },
        manage: { global: false, departmentIds: [], userIds: [] },
      },
    });
    fs.writeFileSync(skillFile("research-report"), "tampered");
    fs.writeFileSync(skillFile("research-report", "stray.txt"), "left over");
    await seedSkills();
    await seedSkills();
    const { row } = await requireSharedSkill(superadmin, "research-report");
    expect(row).toMatchObject({ enabled: false, sharing: { read: { userIds: [user.id] } } });
    expect(fs.readFileSync(skillFile("research-report"), "utf8")).toMatch(/^---\nname: Research report/);
    expect(fs.existsSync(skillFile("research-report", "stray.txt"))).toBe(false);
    expect((await listSharedSkills(superadmin)).filter((r) => r.source === "builtin")).toHaveLength(3);
  });
});
