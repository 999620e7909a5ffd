import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/identity/actor";
import { checkUserChange, checkUserDeletion, userInReach, type UserChange, type UserTarget } from "./user-rules";

const actor = (id: string, role: Actor["role"], departmentId: string | null): Actor => ({
  id,
  username: id,
  displayName: "",
  role,
  departmentId,
});

const root = actor("root", "superadmin", null);
const adminA = actor("admin-a", "admin", "A");
const adminNoDept = actor("admin-none", "admin", null);
const memberA = actor("member-a", "user", "A");

const target = (a: Actor): UserTarget => ({ id: a.id, role: a.role, departmentId: a.departmentId });
const otherMemberA: UserTarget = { id: "member-a2", role: "user", departmentId: "A" };
const otherAdminA: UserTarget = { id: "admin-a2", role: "admin", departmentId: "A" };
const memberB: UserTarget = { id: "member-b", role: "user", departmentId: "B" };
const loner: UserTarget = { id: "loner", role: "user", departmentId: null };

const allowed = (a: Actor, t: UserTarget, change: UserChange) => () => checkUserChange(a, t, change);
const FORBIDDEN = expect.objectContaining({ code: "forbidden:user", status: 403 });

describe("userInReach", () => {
  it.each([
    ["superadmin, any department", root, memberB, true],
    ["superadmin, no department", root, loner, true],
    ["admin, own department", adminA, otherMemberA, true],
    ["admin, another department", adminA, memberB, false],
    ["admin, user without department", adminA, loner, false],
    ["admin without department, user without department", adminNoDept, loner, false],
    ["plain user, own department", memberA, otherMemberA, false],
  ])("%s -> %s", (_label, a, t, expected) => {
    expect(userInReach(a, t)).toBe(expected);
  });
});

describe("checkUserChange: allowed", () => {
  it.each<[string, Actor, UserTarget, UserChange]>([
    ["superadmin promotes a user to admin and moves them", root, memberB, { role: "admin", departmentId: "A" }],
    ["superadmin demotes an admin", root, otherAdminA, { role: "user" }],
    ["superadmin disables an admin", root, otherAdminA, { disabled: true }],
    [
      "superadmin renames themselves and resets their password",
      root,
      target(root),
      { displayName: "Root", password: "x" },
    ],
    ["superadmin sends its own role unchanged", root, target(root), { role: "superadmin", displayName: "Root" }],
    [
      "admin edits a member of their department",
      adminA,
      otherMemberA,
      { displayName: "M", password: "p", disabled: true },
    ],
    ["admin re-enables a member", adminA, otherMemberA, { disabled: false }],
    [
      "admin keeps a member's role and department as they are",
      adminA,
      otherMemberA,
      { role: "user", departmentId: "A" },
    ],
    ["admin changes their own name and password", adminA, target(adminA), { displayName: "Me", password: "p" }],
  ])("%s", (_label, a, t, change) => {
    expect(allowed(a, t, change)).not.toThrow();
  });
});

describe("checkUserChange: refused with 403", () => {
  it.each<[string, Actor, UserTarget, UserChange]>([
    ["superadmin demotes themselves", root, target(root), { role: "admin" }],
    ["superadmin disables themselves", root, target(root), { disabled: true }],
    ["superadmin makes a second superadmin", root, memberB, { role: "superadmin" }],
    ["admin changes their own role", adminA, target(adminA), { role: "user" }],
    ["admin promotes themselves", adminA, target(adminA), { role: "superadmin" }],
    ["admin disables themselves", adminA, target(adminA), { disabled: true }],
    ["admin moves themselves", adminA, target(adminA), { departmentId: "B" }],
    ["admin promotes a member to admin", adminA, otherMemberA, { role: "admin" }],
    ["admin moves a member to another department", adminA, otherMemberA, { departmentId: "B" }],
    ["admin takes a member out of every department", adminA, otherMemberA, { departmentId: null }],
    ["admin edits another admin of their department", adminA, otherAdminA, { displayName: "x" }],
    ["admin disables another admin of their department", adminA, otherAdminA, { disabled: true }],
    [
      "admin demotes the superadmin sitting in their department",
      adminA,
      { id: "root", role: "superadmin", departmentId: "A" },
      { role: "user" },
    ],
    [
      "admin renames the superadmin sitting in their department",
      adminA,
      { id: "root", role: "superadmin", departmentId: "A" },
      { displayName: "x" },
    ],
    ["a plain user edits a colleague", memberA, otherMemberA, { displayName: "x" }],
    ["a plain user edits themselves through the admin API", memberA, target(memberA), { displayName: "x" }],
  ])("%s", (_label, a, t, change) => {
    expect(allowed(a, t, change)).toThrow(FORBIDDEN);
  });

  it("names the rule: the superadmin cannot be demoted, even by itself", () => {
    const superTarget: UserTarget = { id: "root", role: "superadmin", departmentId: null };
    expect(allowed({ ...root, id: "someone-else" }, superTarget, { role: "admin" })).toThrow(/cannot be demoted/);
    expect(allowed({ ...root, id: "someone-else" }, superTarget, { disabled: true })).toThrow(/cannot be disabled/);
  });
});

describe("checkUserDeletion", () => {
  it("the superadmin deletes admins and users anywhere", () => {
    expect(() => checkUserDeletion(root, otherAdminA)).not.toThrow();
    expect(() => checkUserDeletion(root, memberB)).not.toThrow();
  });

  it("an admin deletes members of their department only (reach is checked before)", () => {
    expect(() => checkUserDeletion(adminA, otherMemberA)).not.toThrow();
    expect(() => checkUserDeletion(adminA, otherAdminA)).toThrow(FORBIDDEN);
  });

  it("nobody deletes the superadmin or themselves; users delete nobody", () => {
    expect(() => checkUserDeletion(root, target(root))).toThrow(/superadmin cannot be deleted/);
    expect(() => checkUserDeletion(adminA, { id: "root", role: "superadmin", departmentId: "A" })).toThrow(FORBIDDEN);
    expect(() => checkUserDeletion(adminA, target(adminA))).toThrow(FORBIDDEN);
    expect(() => checkUserDeletion(memberA, otherMemberA)).toThrow(FORBIDDEN);
  });
});
