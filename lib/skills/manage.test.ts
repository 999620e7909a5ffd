import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { requireSharedSkill } from "@/lib/db/skills";
import { openWorkspace } from "@/lib/workspace/open";
import { createSkillFromText, createSkillFromZip } from "./create";
import { deleteSkill, getSkill, listManagedSkills, updateSkill } from "./manage";
import { deleteSkillFile, exportSkill, readSkillFile, writeSkillFile } from "./skill-files";
import { readSkillZip } from "./zip-read";
import { DEFAULT_SKILL_LIMITS } from "./limits";
import { buildZip, skillMarkdown } from "@/lib/testing/zip-fixtures";
import { seedSkills } from "@/lib/bootstrap/seed-skills";

let dir: string;
let admin: Actor;
let user: Actor;
let other: Actor;
const bytes = (s: string) => Buffer.from(s);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "skills-manage-"));
  vi.stubEnv("DATA_DIR", dir);
  await createTestDatabase();
  admin = await insertTestUser({ role: "admin" });
  user = await insertTestUser({ role: "user" });
  other = await insertTestUser({ role: "user" });
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("skill management", () => {
  it("creates personal skills in the user's workspace, private to them, 409 on a second one", async () => {
    const zip = buildZip([
      { name: "Notes Helper/SKILL.md", data: skillMarkdown("Notes helper") },
      { name: "Notes Helper/tips.md", data: "tip" },
    ]);
    const view = await createSkillFromZip(user, zip, "personal");
    expect(view).toMatchObject({
      slug: "notes-helper",
      scope: "personal",
      enabled: true,
      canManage: true,
      sharing: null,
      overridden: false,
    });
    expect(
      (await openWorkspace(user.id).readBytes("/home/gem/user-data/agents/skills/notes-helper/tips.md")).toString(),
    ).toBe("tip");
    await expect(createSkillFromZip(user, zip, "personal")).rejects.toMatchObject({
      code: "conflict:skill",
      status: 409,
    });
    expect((await listManagedSkills(other)).map((s) => s.slug)).not.toContain("notes-helper");
    await expect(getSkill(other, "notes-helper")).rejects.toMatchObject({ status: 404 });
    await expect(readSkillFile(other, "notes-helper", "personal", "SKILL.md")).rejects.toMatchObject({ status: 404 });
  });

  it("refuses shared skills from plain users before reading the upload", async () => {
    await expect(createSkillFromZip(user, Buffer.from("not even a zip"), "shared")).rejects.toMatchObject({
      code: "forbidden:skill",
      status: 403,
    });
  });

  it("lists a shared skill hidden by a personal one as overridden, and GET without scope picks the personal one", async () => {
    await createSkillFromText(
      admin,
      { files: { "SKILL.md": skillMarkdown("Team glossary") }, slug: "glossary" },
      "shared",
    );
    await updateSkill(admin, "glossary", "shared", {
      sharing: {
        read: { global: false, departmentIds: [], userIds: [user.id] },
        manage: { global: false, departmentIds: [], userIds: [] },
      },
    });
    await createSkillFromText(
      user,
      { files: { "SKILL.md": skillMarkdown("My glossary") }, slug: "glossary" },
      "personal",
    );
    const mine = (await listManagedSkills(user)).filter((s) => s.slug === "glossary");
    expect(mine.map((s) => [s.scope, s.name, s.overridden, s.canManage, s.sharing])).toEqual([
      ["personal", "My glossary", false, true, null],
      ["shared", "Team glossary", true, false, null],
    ]);
    expect((await getSkill(user, "glossary")).name).toBe("My glossary");
    expect((await getSkill(user, "glossary", "shared")).name).toBe("Team glossary");
    expect((await getSkill(admin, "glossary")).sharing?.read.userIds).toEqual([user.id]);
  });

  it("validates SKILL.md on every save, keeps the row in step, and refuses a slug change", async () => {
    await createSkillFromText(
      admin,
      { files: { "SKILL.md": skillMarkdown("Editable"), "a.txt": "a" }, slug: "editable" },
      "shared",
    );
    await expect(
      writeSkillFile(admin, "editable", "shared", "SKILL.md", bytes("---\nname: Editable\ndescription: [oops\n---\n")),
    ).rejects.toMatchObject({
      code: "bad_request:skill",
      message: expect.stringMatching(/^SKILL\.md line 3: Invalid YAML/),
    });
    await expect(
      writeSkillFile(admin, "editable", "shared", "SKILL.md", bytes(skillMarkdown("Editable", "d", "slug: renamed\n"))),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/slug cannot be changed/),
    });
    const saved = await writeSkillFile(
      admin,
      "editable",
      "shared",
      "SKILL.md",
      bytes(skillMarkdown("Edited", "New description.", "tool_dependencies: [query_kb]\n")),
    );
    expect(saved).toMatchObject({
      name: "Edited",
      description: "New description.",
      dependencies: { tools: ["query_kb"], mcps: [], skills: [] },
    });
    expect((await requireSharedSkill(admin, "editable")).row.content).toContain("name: Edited");
    expect((await readSkillFile(admin, "editable", "shared", "SKILL.md")).toString()).toContain("name: Edited");

    const withFile = await writeSkillFile(admin, "editable", "shared", "scripts/run.py", bytes("print(1)\n"));
    expect(withFile.files).toEqual([
      { path: "SKILL.md", size: expect.any(Number) },
      { path: "a.txt", size: 1 },
      { path: "scripts/run.py", size: 9 },
    ]);
    await expect(writeSkillFile(admin, "editable", "shared", "../escape.txt", bytes("x"))).rejects.toMatchObject({
      code: "bad_request:skill",
    });
    await expect(writeSkillFile(admin, "editable", "shared", "/etc/passwd", bytes("x"))).rejects.toMatchObject({
      code: "bad_request:skill",
    });
    await expect(writeSkillFile(user, "editable", "shared", "a.txt", bytes("x"))).rejects.toMatchObject({
      status: 404,
    });

    await expect(deleteSkillFile(admin, "editable", "shared", "SKILL.md")).rejects.toMatchObject({
      code: "bad_request:skill",
    });
    await deleteSkillFile(admin, "editable", "shared", "scripts");
    await expect(deleteSkillFile(admin, "editable", "shared", "missing.txt")).rejects.toMatchObject({ status: 404 });
    expect((await getSkill(admin, "editable")).files.map((f) => f.path)).toEqual(["SKILL.md", "a.txt"]);
  });

  it("enforces the package limits when files are added one by one", async () => {
    vi.stubEnv("SKILL_MAX_FILE_BYTES", "100");
    vi.stubEnv("SKILL_MAX_ENTRIES", "3");
    try {
      await createSkillFromText(
        user,
        { files: { "SKILL.md": skillMarkdown("Limited"), "one.txt": "1" }, slug: "limited" },
        "personal",
      );
      await expect(writeSkillFile(user, "limited", undefined, "big.txt", new Uint8Array(101))).rejects.toMatchObject({
        code: "too_large:skill",
        status: 413,
      });
      await writeSkillFile(user, "limited", undefined, "two.txt", bytes("2"));
      await expect(writeSkillFile(user, "limited", undefined, "three.txt", bytes("3"))).rejects.toMatchObject({
        message: expect.stringMatching(/at most 3 files/),
      });
      await writeSkillFile(user, "limited", undefined, "two.txt", bytes("2 again")); // replacing is fine
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv("DATA_DIR", dir);
    }
  });

  it("personal skills are always on and never shared", async () => {
    await expect(updateSkill(user, "notes-helper", "personal", { enabled: false })).rejects.toMatchObject({
      code: "bad_request:skill",
    });
    await expect(
      updateSkill(user, "notes-helper", undefined, {
        sharing: {
          read: { global: true, departmentIds: [], userIds: [] },
          manage: { global: false, departmentIds: [], userIds: [] },
        },
      }),
    ).rejects.toMatchObject({
      code: "bad_request:skill",
    });
  });

  it("exports a zip that re-imports as the same skill", async () => {
    const { filename, bytes: zip } = await exportSkill(user, "notes-helper");
    expect(filename).toBe("notes-helper.zip");
    const back = readSkillZip(zip, DEFAULT_SKILL_LIMITS);
    expect(back.folderName).toBe("notes-helper");
    expect([...back.files.keys()].sort()).toEqual(["SKILL.md", "tips.md"]);
  });

  it("deletes the row and every file", async () => {
    await deleteSkill(admin, "editable");
    await expect(requireSharedSkill(admin, "editable")).rejects.toMatchObject({ status: 404 });
    expect(fs.existsSync(path.join(dir, "skills", "editable"))).toBe(false);
    await deleteSkill(user, "notes-helper");
    expect(await openWorkspace(user.id).stat("/home/gem/user-data/agents/skills/notes-helper")).toBeNull();
    await expect(deleteSkill(user, "notes-helper")).rejects.toMatchObject({ status: 404 });
  });

  it("keeps built-in skills' files and existence out of reach, even for the superadmin; they can still be disabled", async () => {
    await seedSkills();
    const root = await insertTestUser({ role: "superadmin" });
    const before = (await readSkillFile(root, "knowledge-base", "shared", "SKILL.md")).toString();
    await expect(
      writeSkillFile(root, "knowledge-base", "shared", "SKILL.md", bytes("---\nname: X\ndescription: y\n---\n")),
    ).rejects.toMatchObject({
      code: "forbidden:skill",
      status: 403,
    });
    await expect(writeSkillFile(root, "knowledge-base", "shared", "extra.md", bytes("x"))).rejects.toMatchObject({
      status: 403,
    });
    await expect(deleteSkillFile(root, "knowledge-base", "shared", "SKILL.md")).rejects.toMatchObject({ status: 400 });
    await expect(deleteSkill(root, "knowledge-base", "shared")).rejects.toMatchObject({
      code: "forbidden:skill",
      status: 403,
    });
    expect((await readSkillFile(root, "knowledge-base", "shared", "SKILL.md")).toString()).toBe(before);
    expect(await updateSkill(root, "knowledge-base", "shared", { enabled: false })).toMatchObject({ enabled: false });
    expect(await updateSkill(root, "knowledge-base", "shared", { enabled: true })).toMatchObject({ enabled: true });
  });
});
