import { checkUserChange, checkUserDeletion, type UserChange } from "@/lib/identity/user-rules";
import type { AdminUser, Role, Viewer } from "../types";

/** The server's role rules (lib/db/user-rules.ts), asked ahead of time to show only what will be allowed. */

export type UserPermissions = {
  edit: boolean;
  changeRole: boolean;
  changeDepartment: boolean;
  disable: boolean;
  delete: boolean;
};

function allows(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

export function userPermissions(viewer: Viewer, user: AdminUser): UserPermissions {
  const actor = { ...viewer, username: "", displayName: "" };
  const change = (c: UserChange) => allows(() => checkUserChange(actor, user, c));
  const otherRole: Role = user.role === "admin" ? "user" : "admin";
  return {
    edit: change({ displayName: user.displayName }),
    changeRole: change({ role: otherRole }),
    changeDepartment: viewer.role === "superadmin",
    disable: change({ disabled: true }),
    delete: allows(() => checkUserDeletion(actor, user)),
  };
}

/** Roles the viewer may give a new account. */
export function creatableRoles(viewer: Viewer): Role[] {
  return viewer.role === "superadmin" ? ["user", "admin"] : ["user"];
}
