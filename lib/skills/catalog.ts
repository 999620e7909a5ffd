import type { Actor } from "@/lib/identity/actor";
import { listUsableSharedSkills } from "@/lib/db/skills";
import type { AvailableSkill } from "./runtime-skill";
import type { AgentsFolder } from "@/lib/workspace/user-prompt-files";
import { PERSONAL_SKILL_MD, SHARED_SKILL_MD } from "./folders";
import { listPersonalSkills } from "./personal";

/**
 * The skills an actor's agents may use: enabled shared skills they may read (one query) and
 * their personal skills (one workspace listing); a personal skill replaces the shared one of the
 * same slug. `content` is the whole SKILL.md, for preloading.
 */
export async function loadAvailableSkills(actor: Actor, agentsFolder?: AgentsFolder): Promise<AvailableSkill[]> {
  const [shared, personal] = await Promise.all([
    listUsableSharedSkills(actor),
    listPersonalSkills(actor.id, agentsFolder),
  ]);
  const bySlug = new Map<string, AvailableSkill>();
  for (const row of shared) {
    bySlug.set(row.slug, {
      slug: row.slug,
      name: row.name,
      description: row.description,
      path: SHARED_SKILL_MD(row.slug),
      tools: row.toolDependencies,
      mcps: row.mcpDependencies,
      skills: row.skillDependencies,
      content: row.content,
      ...(row.source === "builtin" && { builtin: true }),
    });
  }
  for (const s of personal) {
    if (!s.ok) {
      console.warn(
        `[skills] ${PERSONAL_SKILL_MD(s.slug)} line ${s.line}: ${s.reason} The skill is skipped until it is fixed.`,
      );
      continue;
    }
    bySlug.set(s.slug, {
      slug: s.slug,
      name: s.meta.name,
      description: s.meta.description,
      path: PERSONAL_SKILL_MD(s.slug),
      tools: s.meta.tool_dependencies,
      mcps: s.meta.mcp_dependencies,
      skills: s.meta.skill_dependencies,
      content: s.content,
    });
  }
  return [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}
