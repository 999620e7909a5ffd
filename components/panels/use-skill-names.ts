"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/components/api/client";
import type { SkillView } from "@/components/skills/api";

/**
 * Display names for active skill slugs. The stream names the skills it activates; after a
 * reload only slugs are known, so the user's skill list is read once to name them.
 */
export function useSkillNames(slugs: string[], known: Record<string, string>): Record<string, string> {
  const [listed, setListed] = useState<Record<string, string>>({});
  const asked = useRef(false);
  const missing = slugs.some((slug) => !known[slug]);

  useEffect(() => {
    if (!missing || asked.current) return;
    asked.current = true;
    apiFetch<SkillView[]>("/api/skills")
      // A personal skill hides the shared one of the same slug, as it does for the agent.
      .then((skills) => setListed(Object.fromEntries(skills.filter((s) => !s.overridden).map((s) => [s.slug, s.name]))))
      .catch((error: unknown) => console.warn("[status panel] skill names", error));
  }, [missing]);

  return { ...listed, ...known };
}
