import { openWorkspace } from "./open";
import { VIRTUAL } from "./paths";
import type { VirtualEntry } from "./backend";
import { StoreNotFound } from "./store/types";

const AGENTS_FOLDER = `${VIRTUAL.userData}/agents`;

/** The listing of /home/gem/user-data/agents; [] when it does not exist, null when it could not be listed. */
export type AgentsFolder = Promise<VirtualEntry[] | null>;

/**
 * Lists the user's agents folder once for a run start: it holds the prompt files and the
 * personal skills folder (`agents/skills`), so one listing tells both whether there is anything
 * to read (most users have neither).
 */
export function listAgentsFolder(userId: string): AgentsFolder {
  return openWorkspace(userId)
    .list(AGENTS_FOLDER)
    .catch((err) => (err instanceof StoreNotFound ? [] : null));
}

const USER_PROMPT_FILES = ["AGENTS.md", "USER.md", "MEMORY.md"] as const;
export const USER_PROMPT_FILE_CAP = 64 * 1024;

export type UserPromptFile = { name: (typeof USER_PROMPT_FILES)[number]; content: string; truncated: boolean };

/**
 * The user's own prompt files from /home/gem/user-data/agents/, each capped at 64 KiB (cut
 * at a character boundary). Missing files are skipped; the workspace guard never follows a
 * symlink out.
 */
export async function readUserPromptFiles(userId: string, agentsFolder?: AgentsFolder): Promise<UserPromptFile[]> {
  // One listing instead of a stat per name: most users have none of these files (or no folder).
  const entries = (await (agentsFolder ?? listAgentsFolder(userId))) ?? [];
  const out: UserPromptFile[] = [];
  let workspace: ReturnType<typeof openWorkspace> | undefined;
  for (const name of USER_PROMPT_FILES) {
    const entry = entries.find((e) => e.name === name);
    if (!entry || entry.kind !== "file") continue;
    workspace ??= openWorkspace(userId);
    const bytes = (await workspace.readBytes(`${AGENTS_FOLDER}/${name}`)).subarray(0, USER_PROMPT_FILE_CAP);
    // Drop a trailing partial UTF-8 sequence rather than emit a replacement character.
    const content = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/\uFFFD+$/, "");
    if (content.trim()) out.push({ name, content, truncated: entry.size > USER_PROMPT_FILE_CAP });
  }
  return out;
}
