import { WorkspaceBackend } from "./backend";
import { getUserStore } from "./store";
import type { WorkspaceStore } from "./store/types";

export type SkillsProjection = (userId: string) => WorkspaceStore | null;

// On globalThis: Next bundles the bootstrap and each route separately, and a module variable
// set in one bundle would not be seen by the others.
const projectionKey = Symbol.for("meridian.skillsProjection");
type GlobalWithProjection = typeof globalThis & { [projectionKey]?: SkillsProjection };

/** The skills feature registers the read-only /home/gem/skills view of what a user may read. */
export function setSkillsProjection(projection: SkillsProjection): void {
  (globalThis as GlobalWithProjection)[projectionKey] = projection;
}

/** The files one user may touch, as the agent and the file routes see them. */
export function openWorkspace(userId: string): WorkspaceBackend {
  const projection = (globalThis as GlobalWithProjection)[projectionKey];
  return new WorkspaceBackend(getUserStore(userId), projection ? projection(userId) : null, userId);
}
