/** A skill as a run sees it: where its SKILL.md is and what it needs (tools, MCP servers, other skills). */
export type RuntimeSkill = {
  name: string;
  description: string;
  path: string;
  tools: string[];
  mcps: string[];
  skills: string[];
  /** Shipped with Meridian: the status panel names it in the user's language. */
  builtin?: boolean;
};
/** `builtin`: shipped with Meridian (its name and description have translations); a personal copy is not. */
export type AvailableSkill = RuntimeSkill & { slug: string; content?: string; builtin?: boolean };
