import type { Actor } from "@/lib/identity/actor";
import type { Role } from "@/lib/identity/roles";
import { parseSharing, type Access, type ResourceKind, type ShareScope } from "./types";

/**
 * The most a role can hold on a kind of resource, whatever the sharing says. Users may build
 * their own agents and knowledge bases; shared skills and MCP servers are run by admins.
 */
const ROLE_CAP: Record<ResourceKind, Record<Role, Access>> = {
  agent: { superadmin: "manage", admin: "manage", user: "manage" },
  kb: { superadmin: "manage", admin: "manage", user: "manage" },
  skill: { superadmin: "manage", admin: "manage", user: "read" },
  mcp: { superadmin: "manage", admin: "manage", user: "read" },
};

/** Who may create a resource of each kind. */
export const CAN_CREATE: Record<ResourceKind, Role[]> = {
  agent: ["superadmin", "admin", "user"],
  kb: ["superadmin", "admin", "user"],
  skill: ["superadmin", "admin"],
  mcp: ["superadmin", "admin"],
};

const RANK: Record<Access, number> = { none: 0, read: 1, manage: 2 };

function minAccess(a: Access, b: Access): Access {
  return RANK[a] <= RANK[b] ? a : b;
}

export function atLeast(access: Access, needed: Access): boolean {
  return RANK[access] >= RANK[needed];
}

function reaches(scope: ShareScope, actor: Actor): boolean {
  return (
    scope.global ||
    scope.userIds.includes(actor.id) ||
    (actor.departmentId !== null && scope.departmentIds.includes(actor.departmentId))
  );
}

export type SharedResource = { ownerId: string | null; sharing: unknown };

/**
 * none / read / manage for one actor on one resource: the superadmin manages everything; the
 * owner manages; otherwise the manage and read scopes decide. Always capped by the role.
 */
export function resolveAccess(actor: Actor, resource: SharedResource, kind: ResourceKind): Access {
  if (actor.role === "superadmin") return "manage";
  const sharing = parseSharing(resource.sharing);
  let access: Access = "none";
  if (resource.ownerId === actor.id || reaches(sharing.manage, actor)) access = "manage";
  else if (reaches(sharing.read, actor)) access = "read";
  return minAccess(access, ROLE_CAP[kind][actor.role]);
}

/** Which scopes an actor may grant: plain users share with named people only. */
export function canGrant(actor: Actor, scope: ShareScope): boolean {
  if (actor.role === "superadmin") return true;
  if (actor.role === "admin") {
    return !scope.global && scope.departmentIds.every((d) => d === actor.departmentId);
  }
  return !scope.global && scope.departmentIds.length === 0;
}

export function filterByAccess<T extends SharedResource>(
  actor: Actor,
  rows: readonly T[],
  kind: ResourceKind,
  needed: Access = "read",
): T[] {
  return rows.filter((r) => atLeast(resolveAccess(actor, r, kind), needed));
}
