import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import type { WorkspaceBackend } from "@/lib/workspace/backend";

/** A preloaded SKILL.md longer than this is cut, with a pointer to the rest. */
const PRELOADED_SKILL_MAX_CHARS = 64 * 1024;

export type LoadedSkill = { slug: string; content: string };

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The preloaded skills' SKILL.md texts: from the catalog, or read from the skill's path when
 * the catalog carries none. A file that cannot be read is named, not silently dropped.
 */
export async function loadPreloadedSkills(ctx: AgentRuntimeContext, backend: WorkspaceBackend): Promise<LoadedSkill[]> {
  return Promise.all(
    ctx.preloadedSkills.map(async ({ slug, content }) => {
      if (content) return { slug, content };
      const path = ctx.runtimeSkills[slug]?.path;
      try {
        return { slug, content: path ? (await backend.readBytes(path)).toString("utf8") : "" };
      } catch {
        return { slug, content: `(${path} could not be read; tell the user this skill is unavailable.)` };
      }
    }),
  );
}

function lazySkillsSection(ctx: AgentRuntimeContext, preloaded: Set<string>): string | null {
  const lazy = ctx.effectiveSkillSlugs.filter((slug) => !preloaded.has(slug));
  if (lazy.length === 0) return null;
  const lines = lazy.map((slug) => {
    const s = ctx.runtimeSkills[slug];
    return `- **${oneLine(s.name)}** (\`${slug}\`): ${oneLine(s.description)}\n  SKILL.md: ${s.path}`;
  });
  return [
    "## Skills",
    "Skills are folders with instructions (SKILL.md) and supporting files for particular kinds of work. " +
      "When a request matches a skill's description, read its SKILL.md with read_file before you start, and follow it. " +
      "Reading SKILL.md also makes the tools the skill needs available from your next step. " +
      "Paths a skill mentions are relative to its folder.",
    "",
    ...lines,
  ].join("\n");
}

function preloadedSection(ctx: AgentRuntimeContext, loaded: LoadedSkill[]): string | null {
  if (loaded.length === 0) return null;
  const blocks = loaded.map(({ slug, content }) => {
    const s = ctx.runtimeSkills[slug];
    const cut = content.length > PRELOADED_SKILL_MAX_CHARS;
    const body = cut
      ? `${content.slice(0, PRELOADED_SKILL_MAX_CHARS)}\n[…cut here; read the rest from ${s.path}]`
      : content;
    return `<skill slug="${slug}" name="${oneLine(s.name).replace(/"/g, "'")}" path="${s.path}">\n${body.trimEnd()}\n</skill>`;
  });
  return [
    "## Loaded skills",
    "These skills are loaded for you in full: follow them whenever they apply. Their tools are available now; " +
      "files they mention are relative to their folder.",
    "",
    ...blocks,
  ].join("\n");
}

/** The skills part of the system prompt, or null when the agent has no effective skills. */
export function skillsPromptSection(ctx: AgentRuntimeContext, loaded: LoadedSkill[]): string | null {
  const sections = [lazySkillsSection(ctx, new Set(loaded.map((s) => s.slug))), preloadedSection(ctx, loaded)].filter(
    Boolean,
  );
  return sections.length ? sections.join("\n\n") : null;
}
