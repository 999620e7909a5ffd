import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import type { SkillMeta } from "@/lib/skills/front-matter";
import {
  deleteSharedSkill,
  insertSharedSkill,
  listSharedSkills,
  listUsableSharedSkills,
  requireSharedSkill,
  updateSharedSkill,
  updateSharedSkillContent,
  upsertBuiltinSkill,
  usableSharedSkillSlugs,
} from "./skills";

let superadmin: Actor;
let admin: Actor;
let adminB: Actor;
let colleague: Actor;
let outsider: Actor;
let deptA: string;

const meta = (name: string, extra: Partial<SkillMeta> = {}): SkillMeta => ({
  name,
  description: `${name} helps.`,
  tool_dependencies: [],
  mcp_dependencies: [],
  skill_dependencies: [],
  ...extra,
});
const none = { global: false, departmentIds: [] as string[], userIds: [] as string[] };
const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug);

beforeAll(async () => {
  await createTestDatabase();
  deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  superadmin = await insertTestUser({ role: "superadmin" });
  admin = await insertTestUser({ role: "admin", departmentId: deptA });
  adminB = await insertTestUser({ role: "admin", departmentId: deptB });
  colleague = await insertTestUser({ role: "user", departmentId: deptA });
  outsider = await insertTestUser({ role: "user", departmentId: deptB });
});
afterAll(destroyTestDatabase);

describe("shared skills (rows)", () => {
  it("only administrators create shared skills; a new one is private to its creator", async () => {
    await expect(
      insertSharedSkill(colleague, { slug: "nope", meta: meta("Nope"), content: "x", source: "upload" }),
    ).rejects.toMatchObject({
      code: "forbidden:skill",
      status: 403,
    });
    await insertSharedSkill(admin, { slug: "private-one", meta: meta("Private"), content: "---", source: "upload" });
    expect(slugs(await listSharedSkills(admin))).toContain("private-one");
    expect(slugs(await listSharedSkills(superadmin))).toContain("private-one");
    for (const other of [colleague, outsider, adminB]) {
      expect(slugs(await listSharedSkills(other))).not.toContain("private-one");
      await expect(requireSharedSkill(other, "private-one")).rejects.toMatchObject({
        code: "not_found:skill",
        status: 404,
      });
    }
  });

  it("slugs are unique among shared skills (409)", async () => {
    await insertSharedSkill(admin, { slug: "taken", meta: meta("Taken"), content: "", source: "editor" });
    await expect(
      insertSharedSkill(superadmin, { slug: "taken", meta: meta("Again"), content: "", source: "upload" }),
    ).rejects.toMatchObject({
      code: "conflict:skill",
      status: 409,
    });
  });

  it("read sharing lets the department use a skill but not change it; manage sharing lets them change it", async () => {
    await insertSharedSkill(admin, {
      slug: "dept-read",
      meta: meta("Dept"),
      content: "",
      source: "upload",
      sharing: { read: { ...none, departmentIds: [deptA] }, manage: none },
    });
    expect((await requireSharedSkill(colleague, "dept-read")).access).toBe("read");
    await expect(requireSharedSkill(colleague, "dept-read", "manage")).rejects.toMatchObject({
      code: "forbidden:skill",
      status: 403,
    });
    await expect(updateSharedSkill(colleague, "dept-read", { enabled: false })).rejects.toMatchObject({ status: 403 });
    await expect(deleteSharedSkill(colleague, "dept-read")).rejects.toMatchObject({ status: 403 });
    await expect(requireSharedSkill(outsider, "dept-read")).rejects.toMatchObject({ status: 404 });

    // Plain users never manage a shared skill, whatever the sharing says (role cap).
    await updateSharedSkill(admin, "dept-read", {
      sharing: { read: none, manage: { ...none, userIds: [colleague.id, adminB.id] } },
    });
    expect((await requireSharedSkill(colleague, "dept-read")).access).toBe("read");
    expect((await requireSharedSkill(adminB, "dept-read")).access).toBe("manage");
  });

  it("limits what each role may share with", async () => {
    await insertSharedSkill(admin, { slug: "share-limits", meta: meta("Limits"), content: "", source: "upload" });
    await expect(
      updateSharedSkill(admin, "share-limits", { sharing: { read: { ...none, global: true }, manage: none } }),
    ).rejects.toMatchObject({
      code: "forbidden:sharing",
    });
    await expect(
      insertSharedSkill(admin, {
        slug: "other-dept",
        meta: meta("X"),
        content: "",
        source: "upload",
        sharing: { read: { ...none, departmentIds: ["elsewhere"] }, manage: none },
      }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
    const global = await updateSharedSkill(superadmin, "share-limits", {
      sharing: { read: { ...none, global: true }, manage: none },
    });
    expect(global.sharing).toMatchObject({ read: { global: true } });
    expect((await requireSharedSkill(outsider, "share-limits")).access).toBe("read");
  });

  it("hides a disabled skill from everyone who cannot manage it, and from agents altogether", async () => {
    await insertSharedSkill(superadmin, {
      slug: "switchable",
      meta: meta("Switchable"),
      content: "",
      source: "upload",
      sharing: { read: { ...none, global: true }, manage: { ...none, userIds: [admin.id] } },
    });
    expect(slugs(await listUsableSharedSkills(outsider))).toContain("switchable");
    expect(await usableSharedSkillSlugs(outsider)).toContain("switchable");

    await updateSharedSkill(admin, "switchable", { enabled: false });
    expect(slugs(await listSharedSkills(outsider))).not.toContain("switchable");
    await expect(requireSharedSkill(outsider, "switchable")).rejects.toMatchObject({ status: 404 });
    expect(slugs(await listUsableSharedSkills(outsider))).not.toContain("switchable");
    expect(await usableSharedSkillSlugs(outsider)).not.toContain("switchable");
    // Its managers still see it (to switch it back on) but their agents do not use it.
    expect((await listSharedSkills(admin)).find((r) => r.slug === "switchable")).toMatchObject({
      enabled: false,
      access: "manage",
    });
    expect(slugs(await listUsableSharedSkills(admin))).not.toContain("switchable");

    await updateSharedSkill(admin, "switchable", { enabled: true });
    expect(slugs(await listUsableSharedSkills(outsider))).toContain("switchable");
  });

  it("keeps the row in step with SKILL.md, and deletes for managers only", async () => {
    await insertSharedSkill(admin, { slug: "editable", meta: meta("Before"), content: "old", source: "editor" });
    const row = await updateSharedSkillContent(
      admin,
      "editable",
      meta("After", { tool_dependencies: ["query_kb"], skill_dependencies: ["taken"] }),
      "new",
    );
    expect(row).toMatchObject({
      name: "After",
      content: "new",
      toolDependencies: ["query_kb"],
      skillDependencies: ["taken"],
    });
    await expect(updateSharedSkillContent(colleague, "editable", meta("Hijack"), "x")).rejects.toMatchObject({
      status: 404,
    });
    await deleteSharedSkill(admin, "editable");
    await expect(requireSharedSkill(superadmin, "editable")).rejects.toMatchObject({ status: 404 });
  });

  it("seeds built-ins shared with everyone; re-seeding refreshes content but keeps an admin's switch and sharing", async () => {
    expect(await upsertBuiltinSkill("builtin-demo", meta("Demo v1"), "v1")).toBe(true);
    expect(await requireSharedSkill(outsider, "builtin-demo")).toMatchObject({
      access: "read",
      row: { source: "builtin", ownerId: null },
    });
    // Only the superadmin manages a built-in (no owner, no manage sharing).
    await expect(updateSharedSkill(admin, "builtin-demo", { enabled: false })).rejects.toMatchObject({ status: 403 });
    await updateSharedSkill(superadmin, "builtin-demo", {
      enabled: false,
      sharing: { read: { ...none, departmentIds: [deptA] }, manage: none },
    });

    expect(await upsertBuiltinSkill("builtin-demo", meta("Demo v2"), "v2")).toBe(true);
    const { row } = await requireSharedSkill(superadmin, "builtin-demo");
    expect(row).toMatchObject({
      name: "Demo v2",
      content: "v2",
      enabled: false,
      sharing: { read: { departmentIds: [deptA] } },
    });

    // A slug an admin already uses for their own skill is left alone.
    expect(await upsertBuiltinSkill("taken", meta("Builtin"), "b")).toBe(false);
    expect((await requireSharedSkill(admin, "taken")).row).toMatchObject({ name: "Taken", source: "editor" });
  });
});
