import path from "node:path";
import { dataDir } from "@/lib/config/env";

/** Virtual paths the agent sees (kept identical to the seeds so skills written for them work). */
export const VIRTUAL = {
  userData: "/home/gem/user-data",
  skills: "/home/gem/skills",
  personalSkills: "/home/gem/user-data/agents/skills",
  projects: "/home/gem/user-data/projects",
} as const;

/** Conversation ids name workdir folders: letters, digits, - and _ only (no "." or "/"). */
export const CONVERSATION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function workdirOf(rootThreadId: string): string {
  if (!CONVERSATION_ID.test(rootThreadId))
    throw new Error(`Invalid conversation id for a workdir: ${JSON.stringify(rootThreadId.slice(0, 80))}`);
  return `${VIRTUAL.projects}/${rootThreadId}`;
}

/** The host directory behind /home/gem/user-data for one user (local backend). */
export function userWorkspaceDir(userId: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(userId)) throw new Error("Invalid user id for a workspace path");
  return path.join(dataDir(), "workspaces", userId);
}
