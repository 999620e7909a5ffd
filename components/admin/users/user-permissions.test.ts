import { describe, expect, it } from "vitest";
import type { AdminUser, Viewer } from "../types";
import { creatableRoles, userPermissions } from "./user-permissions";

const user = (id: string, role: AdminUser["role"], departmentId: string | null): AdminUser => ({
  id,
  username: id,
  displayName: "",
  role,
  departmentId,
  disabled: false,
  lockedUntil: null,
  createdAt: "2030-01-01T00:00:00Z",
});

const root: Viewer = { id: "root", role: "superadmin", departmentId: null };
const adminA: Viewer = { id: "admin-a", role: "admin", departmentId: "A" };

describe("userPermissions (what the users table offers)", () => {
  it("the superadmin's own row: edit only, no role change, no disable, no delete", () => {
    expect(userPermissions(root, user("root", "superadmin", null))).toEqual({
      edit: true,
      changeRole: false,
      changeDepartment: true,
      disable: false,
      delete: false,
    });
  });

  it("the superadmin on an admin: everything", () => {
    expect(userPermissions(root, user("x", "admin", "A"))).toEqual({
      edit: true,
      changeRole: true,
      changeDepartment: true,
      disable: true,
      delete: true,
    });
  });

  it("an admin on a member of their department: edit, disable, delete, but no role or department", () => {
    expect(userPermissions(adminA, user("m", "user", "A"))).toEqual({
      edit: true,
      changeRole: false,
      changeDepartment: false,
      disable: true,
      delete: true,
    });
  });

  it("an admin on a peer admin: nothing; on themselves: edit only", () => {
    expect(Object.values(userPermissions(adminA, user("peer", "admin", "A"))).some(Boolean)).toBe(false);
    expect(userPermissions(adminA, user("admin-a", "admin", "A"))).toEqual({
      edit: true,
      changeRole: false,
      changeDepartment: false,
      disable: false,
      delete: false,
    });
  });

  it("only the superadmin may pick the admin role for a new account", () => {
    expect(creatableRoles(root)).toEqual(["user", "admin"]);
    expect(creatableRoles(adminA)).toEqual(["user"]);
  });
});
