"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/components/api/client";
import { useBuiltinText } from "@/components/format/builtin-text";
import type { SkillView } from "@/components/skills/api";

/**
 * Display names for active skill slugs, a built-in skill's in the user's language. The stream
 * names the skills it activates (and says which are built in); after a reload only slugs are
 * known, so the user's skill list is read once to name them.
 */
export function useSkillNames(
  slugs: string[],
  known: Record<string, string>,
  builtins: string[],
): Record<string, string> {
  const text = useBuiltinText();
  const [listed, setListed] = useState<SkillView[]>([]);
  const asked = useRef(false);
  const missing = slugs.some((slug) => !known[slug]);

  useEffect(() => {
    if (!missing || asked.current) return;
    asked.current = true;
    apiFetch<SkillView[]>("/api/skills")
      // A personal skill hides the shared one of the same slug, as it does for the agent.
      .then((skills) => setListed(skills.filter((s) => !s.overridden)))
      .catch((error: unknown) => console.warn("[status panel] skill names", error));
  }, [missing]);

  const names: Record<string, string> = {};
  for (const skill of listed) names[skill.slug] = text.skill(skill).name;
  for (const [slug, name] of Object.entries(known)) {
    const source = builtins.includes(slug) ? "builtin" : undefined;
    names[slug] = text.skill({ slug, name, description: "", source }).name;
  }
  return names;
}
