import { openWorkspace } from "@/lib/workspace/open";
import { VIRTUAL } from "@/lib/workspace/paths";
import { StoreConflict, StoreNotFound } from "@/lib/workspace/store/types";
import type { VirtualEntry, WorkspaceBackend } from "@/lib/workspace/backend";
import { parseSkillMarkdown, type SkillMeta } from "./front-matter";
import { PERSONAL_SKILL_MD } from "./folders";
import { isSkillSlug } from "./slug";
import type { AgentsFolder } from "@/lib/workspace/user-prompt-files";

/**
 * A personal skill as found in its owner's workspace: the folder name is its slug. A SKILL.md
 * whose front matter is refused is still listed (with the refusal) so its owner can fix it.
 */
export type PersonalSkill = { slug: string; content: string; updatedAt: string } & (
  { ok: true; meta: SkillMeta } | { ok: false; line: number; reason: string }
);

/**
 * The user's personal skills: one listing of /home/gem/user-data/agents/skills, then every
 * SKILL.md read in parallel. Folders that are not a skill (bad name, no SKILL.md) are skipped
 * with a warning, never an error: one stray folder must not stop a chat.
 */
export async function listPersonalSkills(
  userId: string,
  /** The run start's listing of the agents folder (lib/workspace/user-prompt-files.ts): no `skills` folder in it, no skills. */
  agentsFolder?: AgentsFolder,
): Promise<PersonalSkill[]> {
  const known = agentsFolder && (await agentsFolder);
  if (known && !known.some((e) => e.name === "skills" && e.kind === "dir")) return [];
  const workspace = openWorkspace(userId);
  let folders: VirtualEntry[];
  try {
    folders = (await workspace.list(VIRTUAL.personalSkills)).filter((e) => e.kind === "dir");
  } catch (err) {
    if (err instanceof StoreNotFound) return [];
    throw err;
  }
  const found = await Promise.all(
    folders.map(async (folder) => {
      if (!isSkillSlug(folder.name)) {
        console.warn(`[skills] ${folder.virtual}: the folder name is not a skill slug; skipped.`);
        return null;
      }
      const skill = await readSkillIn(workspace, folder);
      if (!skill) console.warn(`[skills] ${folder.virtual} has no SKILL.md; skipped.`);
      return skill;
    }),
  );
  return found.filter((s): s is PersonalSkill => s !== null).sort((a, b) => (a.slug < b.slug ? -1 : 1));
}

/** One personal skill; null when its folder does not exist. A folder without SKILL.md reports that as its problem. */
export async function readPersonalSkill(userId: string, slug: string): Promise<PersonalSkill | null> {
  const workspace = openWorkspace(userId);
  const folder = await workspace.stat(`${VIRTUAL.personalSkills}/${slug}`);
  if (folder?.kind !== "dir") return null;
  return (
    (await readSkillIn(workspace, folder)) ?? {
      slug,
      content: "",
      updatedAt: folder.modifiedAt,
      ok: false,
      line: 1,
      reason: "SKILL.md is missing; create it to make this folder a skill.",
    }
  );
}

/** SKILL.md is read on every run: one larger than this is reported as a problem, not read. */
const MAX_SKILL_MD_BYTES = 1024 * 1024;

async function readSkillIn(workspace: WorkspaceBackend, folder: VirtualEntry): Promise<PersonalSkill | null> {
  let bytes: Buffer;
  try {
    const entry = await workspace.stat(PERSONAL_SKILL_MD(folder.name));
    if (entry?.kind === "file" && entry.size > MAX_SKILL_MD_BYTES) {
      const reason = `SKILL.md is ${entry.size} bytes; a skill's instructions must stay under ${MAX_SKILL_MD_BYTES} bytes.`;
      return { slug: folder.name, content: "", updatedAt: folder.modifiedAt, ok: false, line: 1, reason };
    }
    bytes = await workspace.readBytes(PERSONAL_SKILL_MD(folder.name));
  } catch (err) {
    // Missing, or a folder named SKILL.md: not a skill.
    if (err instanceof StoreNotFound || err instanceof StoreConflict) return null;
    throw err;
  }
  const content = bytes.toString("utf8");
  const parsed = parseSkillMarkdown(content);
  const base = { slug: folder.name, content, updatedAt: folder.modifiedAt };
  return parsed.ok
    ? { ...base, ok: true, meta: parsed.meta }
    : { ...base, ok: false, line: parsed.line, reason: parsed.reason };
}
