import fs from "node:fs/promises";
import path from "node:path";
import { userWorkspaceDir } from "@/lib/workspace/paths";

export const USER_PROMPT_FILES = ["AGENTS.md", "USER.md", "MEMORY.md"] as const;
export const USER_PROMPT_FILE_CAP = 64 * 1024;

export type UserPromptFile = { name: (typeof USER_PROMPT_FILES)[number]; content: string; truncated: boolean };

/**
 * The user's own prompt files from /home/gem/user-data/agents/, each capped at 64 KiB (cut
 * at a character boundary). Missing files are skipped; a symlink is never followed out.
 */
export async function readUserPromptFiles(userId: string): Promise<UserPromptFile[]> {
  const dir = path.join(userWorkspaceDir(userId), "agents");
  const out: UserPromptFile[] = [];
  for (const name of USER_PROMPT_FILES) {
    const file = path.join(dir, name);
    try {
      const stat = await fs.lstat(file);
      if (!stat.isFile()) continue;
      const handle = await fs.open(file, "r");
      try {
        const buf = Buffer.alloc(Math.min(stat.size, USER_PROMPT_FILE_CAP));
        await handle.read(buf, 0, buf.length, 0);
        // Drop a trailing partial UTF-8 sequence rather than emit a replacement character.
        const content = new TextDecoder("utf-8", { fatal: false }).decode(buf).replace(/\uFFFD+$/, "");
        if (content.trim()) out.push({ name, content, truncated: stat.size > USER_PROMPT_FILE_CAP });
      } finally {
        await handle.close();
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return out;
}
