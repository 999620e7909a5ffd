import type { SkillRow } from "@/lib/db/skills";
import type { SkillSource } from "@/lib/db/schema";
import { parseSharing, type Access, type Sharing } from "@/lib/sharing/types";
import type { SkillFileEntry } from "./folders";
import type { PersonalSkill } from "./personal";

export const SKILL_SCOPES = ["shared", "personal"] as const;
export type SkillScope = (typeof SKILL_SCOPES)[number];

/** A skill as the API shows it (GET /api/skills). */
export type SkillView = {
  slug: string;
  name: string;
  description: string;
  scope: SkillScope;
  enabled: boolean;
  source: SkillSource;
  /** Shared skills the actor manages: who it reaches. Personal skills and read-only viewers: null. */
  sharing: Sharing | null;
  canManage: boolean;
  dependencies: { tools: string[]; mcps: string[]; skills: string[] };
  /** A shared skill hidden (for this actor) by a personal skill with the same slug. */
  overridden: boolean;
  updatedAt: string;
  /** Personal skills only: why SKILL.md is refused ("SKILL.md line 3: ..."); such a skill is not offered to agents until fixed. */
  problem?: string;
};

export type SkillDetail = SkillView & { files: SkillFileEntry[] };

export function sharedSkillView(row: SkillRow, access: Exclude<Access, "none">, overridden: boolean): SkillView {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    scope: "shared",
    enabled: row.enabled,
    source: row.source,
    sharing: access === "manage" ? parseSharing(row.sharing) : null,
    canManage: access === "manage",
    dependencies: { tools: row.toolDependencies, mcps: row.mcpDependencies, skills: row.skillDependencies },
    overridden,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Personal skills are always on, private, and managed by their owner. Their source is not recorded: "editor". */
export function personalSkillView(skill: PersonalSkill): SkillView {
  const common = {
    slug: skill.slug,
    scope: "personal" as const,
    enabled: true,
    source: "editor" as const,
    sharing: null,
    canManage: true,
    overridden: false,
    updatedAt: skill.updatedAt,
  };
  if (!skill.ok) {
    return {
      ...common,
      name: skill.slug,
      description: "",
      dependencies: { tools: [], mcps: [], skills: [] },
      problem: `SKILL.md line ${skill.line}: ${skill.reason}`,
    };
  }
  const { meta } = skill;
  return {
    ...common,
    name: meta.name,
    description: meta.description,
    dependencies: { tools: meta.tool_dependencies, mcps: meta.mcp_dependencies, skills: meta.skill_dependencies },
  };
}

export function bySlugThenScope(a: SkillView, b: SkillView): number {
  if (a.slug !== b.slug) return a.slug < b.slug ? -1 : 1;
  return a.scope === b.scope ? 0 : a.scope === "personal" ? -1 : 1;
}
