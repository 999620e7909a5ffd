import type { Sharing, ShareScope } from "@/lib/sharing/types";

export type ScopeName = keyof Sharing;
export const SCOPES: ScopeName[] = ["read", "manage"];

const emptyScope = (): ShareScope => ({ global: false, departmentIds: [], userIds: [] });
export const privateSharing = (): Sharing => ({ read: emptyScope(), manage: emptyScope() });

export function isEmptyScope(scope: ShareScope): boolean {
  return !scope.global && scope.departmentIds.length === 0 && scope.userIds.length === 0;
}

export function isPrivate(sharing: Sharing): boolean {
  return SCOPES.every((s) => isEmptyScope(sharing[s]));
}

export function toggleId(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((v) => v !== id) : [...list, id];
}

export function updateScope(sharing: Sharing, name: ScopeName, patch: Partial<ShareScope>): Sharing {
  return { ...sharing, [name]: { ...sharing[name], ...patch } };
}

/** Same audience, whatever the order of ids. */
export function sameSharing(a: Sharing, b: Sharing): boolean {
  const norm = (s: ShareScope) => JSON.stringify([s.global, [...s.departmentIds].sort(), [...s.userIds].sort()]);
  return SCOPES.every((name) => norm(a[name]) === norm(b[name]));
}

export type ScopeSummary =
  | { kind: "nobody" }
  | { kind: "everyone" }
  | { kind: "some"; departments: string[]; otherDepartments: number; people: number };

/** Who a scope reaches, for a list column: department names where known, the rest counted. */
export function summarizeScope(scope: ShareScope, departmentName: (id: string) => string | undefined): ScopeSummary {
  if (scope.global) return { kind: "everyone" };
  if (isEmptyScope(scope)) return { kind: "nobody" };
  const names = scope.departmentIds.map(departmentName);
  const departments = names.filter((n): n is string => n !== undefined);
  return {
    kind: "some",
    departments,
    otherDepartments: names.length - departments.length,
    people: scope.userIds.length,
  };
}
