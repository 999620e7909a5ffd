/**
 * The status panel's view of activated skills: the slugs (server state or the stream's
 * `data-skills` part), the names the stream told us, and which slugs the latest part newly
 * activated (highlighted for a moment).
 */
export type ActiveSkillsState = {
  activated: string[];
  names: Record<string, string>;
  /** Slugs the stream said are shipped with Meridian (named in the user's language). */
  builtins: string[];
  fresh: string[];
};

export const NO_ACTIVE_SKILLS: ActiveSkillsState = { activated: [], names: {}, builtins: [], fresh: [] };

const unique = (slugs: string[]) => [...new Set(slugs.filter((s) => typeof s === "string" && s !== ""))];

/** A `data-skills` part arrived: take its list; slugs not active before are fresh. */
export function skillsFromStream(
  current: ActiveSkillsState,
  data: { activated?: string[]; available?: { slug: string; name: string; builtin?: boolean }[] },
): ActiveSkillsState {
  const activated = unique(data.activated ?? []);
  const names = { ...current.names };
  const builtins = new Set(current.builtins);
  for (const skill of data.available ?? []) {
    if (!skill?.slug || !skill.name) continue;
    names[skill.slug] = skill.name;
    if (skill.builtin) builtins.add(skill.slug);
    else builtins.delete(skill.slug);
  }
  const fresh = activated.filter((slug) => !current.activated.includes(slug));
  // Nothing new keeps the same `fresh` array, so a highlight already running is not restarted.
  return { activated, names, builtins: [...builtins], fresh: fresh.length > 0 ? fresh : current.fresh };
}

/** The thread state was read (`GET /api/threads/:id/state`): its list wins; nothing becomes fresh. */
export function skillsFromState(current: ActiveSkillsState, activated: string[] | undefined): ActiveSkillsState {
  return { ...current, activated: unique(activated ?? []) };
}
