import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { openWorkspace } from "@/lib/workspace/open";
import { createSkillFromText } from "./create";
import { updateSkill } from "./manage";
import { skillMarkdown } from "@/lib/testing/zip-fixtures";
import "./projection";

/** /home/gem/skills shows a user exactly the enabled shared skills they may read, and nothing else. */
const S = "/home/gem/skills";
let dir: string;
let admin: Actor;
let member: Actor;
let outsider: Actor;

const none = { global: false, departmentIds: [] as string[], userIds: [] as string[] };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "skills-projection-"));
  vi.stubEnv("DATA_DIR", dir);
  await createTestDatabase();
  const dept = await insertTestDepartment();
  admin = await insertTestUser({ role: "admin", departmentId: dept });
  member = await insertTestUser({ role: "user", departmentId: dept });
  outsider = await insertTestUser({ role: "user", departmentId: await insertTestDepartment() });
  const files = (name: string) => ({
    "SKILL.md": skillMarkdown(name, "secret-marker lives here."),
    "notes/detail.md": "secret-marker detail\n",
  });
  await createSkillFromText(admin, { files: files("Team only"), slug: "team-only" }, "shared");
  await updateSkill(admin, "team-only", "shared", {
    sharing: { read: { ...none, departmentIds: [dept] }, manage: none },
  });
  await createSkillFromText(admin, { files: files("Admin draft"), slug: "admin-draft" }, "shared");
  await createSkillFromText(admin, { files: files("Switched off"), slug: "switched-off" }, "shared");
  await updateSkill(admin, "switched-off", "shared", {
    sharing: { read: { ...none, departmentIds: [dept] }, manage: none },
    enabled: false,
  });
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const listed = async (who: Actor, at = S) => ((await openWorkspace(who.id).ls(at)).files ?? []).map((f) => f.path);

describe("skills projection", () => {
  it("lists only readable, enabled skills in /home/gem/skills", async () => {
    expect(await listed(member)).toEqual([`${S}/team-only/`]);
    expect(await listed(outsider)).toEqual([]);
    // The owner manages the private draft and the disabled skill, but the projection is what agents use: enabled ones only.
    expect(await listed(admin)).toEqual([`${S}/admin-draft/`, `${S}/team-only/`]);
  });

  it("reads a visible skill's files", async () => {
    const read = await openWorkspace(member.id).read(`${S}/team-only/SKILL.md`);
    expect(read.content).toContain("name: Team only");
    expect(await listed(member, `${S}/team-only`)).toEqual([`${S}/team-only/SKILL.md`, `${S}/team-only/notes/`]);
  });

  it("says not found for every path of a skill the user may not read, however it is named", async () => {
    const ws = openWorkspace(outsider.id);
    for (const p of [
      `${S}/team-only/SKILL.md`,
      `${S}/team-only//SKILL.md`,
      `${S}/./team-only/SKILL.md`,
      `${S}/team-only/notes/detail.md`,
    ]) {
      expect((await ws.read(p)).error, p).toMatch(/^No such file or directory/);
    }
    expect((await ws.read(`${S}/x/../team-only/SKILL.md`)).error).toMatch(/Path refused/);
    expect((await ws.ls(`${S}/team-only`)).error).toMatch(/^No such file or directory/);
    expect(await ws.stat(`${S}/team-only`)).toBeNull();
    await expect(ws.readBytes(`${S}/team-only/SKILL.md`)).rejects.toThrow(/No such file/);
    // Disabled skills are hidden even from those it is shared with.
    expect((await openWorkspace(member.id).read(`${S}/switched-off/SKILL.md`)).error).toMatch(
      /^No such file or directory/,
    );
  });

  it("never lets glob or grep reach a hidden skill", async () => {
    for (const [who, visible] of [
      [outsider, []],
      [member, ["team-only"]],
    ] as const) {
      const ws = openWorkspace(who.id);
      for (const base of ["/", S]) {
        const globbed = (await ws.glob("**/*.md", base)).files?.map((f) => f.path) ?? [];
        const grepped = (await ws.grep("secret-marker", base)).matches?.map((m) => m.path) ?? [];
        const seen = [
          ...new Set([...globbed, ...grepped].filter((p) => p.startsWith(S)).map((p) => p.split("/")[4])),
        ].sort();
        expect(seen, `${who.id} from ${base}`).toEqual([...visible]);
      }
      expect((await ws.glob("**", `${S}/admin-draft`)).error ?? "").toMatch(/No such file or directory/);
    }
  });

  it("is read-only for everyone", async () => {
    const ws = openWorkspace(admin.id);
    expect((await ws.write(`${S}/team-only/SKILL.md`, "x")).error).toMatch(/read-only/);
    expect((await ws.write(`${S}/new-skill/SKILL.md`, "x")).error).toMatch(/read-only/);
  });

  it("follows changes: a skill switched on appears, a skill unshared disappears", async () => {
    await updateSkill(admin, "switched-off", "shared", { enabled: true });
    await updateSkill(admin, "team-only", "shared", { sharing: { read: none, manage: none } });
    await new Promise((r) => setTimeout(r, 10));
    // A fresh workspace (a new run or request) sees the change at once.
    expect(await listed(member)).toEqual([`${S}/switched-off/`]);
  });
});
