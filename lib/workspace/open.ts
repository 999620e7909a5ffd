import { WorkspaceBackend } from "./backend";
import { getUserStore } from "./store";
import type { WorkspaceStore } from "./store/types";

export type SkillsProjection = (userId: string) => WorkspaceStore | null;

let skillsProjection: SkillsProjection = () => null;

/** The skills feature registers the read-only /home/gem/skills view of what a user may read. */
export function setSkillsProjection(projection: SkillsProjection): void {
  skillsProjection = projection;
}

/** The files one user may touch, as the agent and the file routes see them. */
export function openWorkspace(userId: string): WorkspaceBackend {
  return new WorkspaceBackend(getUserStore(userId), skillsProjection(userId), userId);
}
