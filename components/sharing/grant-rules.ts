import type { Actor } from "@/lib/identity/actor";
import { canGrant } from "@/lib/sharing/resolve-access";
import type { ShareScope } from "@/lib/sharing/types";

export type SharingActor = { role: Actor["role"]; departmentId: string | null };

/** Why a part of a scope cannot be granted; keys of `sharing.reasons` in the catalog. */
type GrantReason = "globalSuperadminOnly" | "departmentAdminsOnly" | "ownDepartmentOnly" | "noDepartment";

export type GrantRules = {
  global: boolean;
  globalReason: GrantReason | null;
  department: (id: string) => boolean;
  departmentReason: GrantReason | null;
  users: boolean;
};

const scope = (over: Partial<ShareScope>): ShareScope => ({ global: false, departmentIds: [], userIds: [], ...over });

/** What the actor may grant, asked of the server's own rule (`canGrant`) one part at a time. */
export function grantRules(actor: SharingActor): GrantRules {
  const as: Actor = { id: "", username: "", displayName: "", role: actor.role, departmentId: actor.departmentId };
  const global = canGrant(as, scope({ global: true }));
  const department = (id: string) => canGrant(as, scope({ departmentIds: [id] }));
  const departmentReason: GrantReason | null =
    actor.role === "superadmin"
      ? null
      : actor.role === "user"
        ? "departmentAdminsOnly"
        : actor.departmentId
          ? "ownDepartmentOnly"
          : "noDepartment";
  return {
    global,
    globalReason: global ? null : "globalSuperadminOnly",
    department,
    departmentReason,
    users: canGrant(as, scope({ userIds: ["someone"] })),
  };
}
