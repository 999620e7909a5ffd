"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { BUILTIN_SKILL_SLUGS, SEED_AGENT_TEXTS, type SeedAgentId } from "@/lib/i18n/builtin-texts";

type Translate = (key: string) => string;
type Texts = { name: string; description: string };

const isSeedAgent = (id: string): id is SeedAgentId => Object.hasOwn(SEED_AGENT_TEXTS, id);
const isBuiltinSkill = (slug: string) => (BUILTIN_SKILL_SLUGS as readonly string[]).includes(slug);

/** A built-in skill's texts in the user's language (they are read-only); any other skill's as written. */
export function skillText(t: Translate, item: Texts & { slug: string; source?: string }): Texts {
  return item.source === "builtin" && isBuiltinSkill(item.slug)
    ? { name: t(`skills.${item.slug}.name`), description: t(`skills.${item.slug}.description`) }
    : { name: item.name, description: item.description };
}

/** A seeded agent's texts in the user's language while they are still the shipped ones (each field on its own). */
export function agentText<D extends string | null>(t: Translate, item: { id: string; name: string; description: D }) {
  if (!isSeedAgent(item.id)) return { name: item.name, description: item.description };
  const seed = SEED_AGENT_TEXTS[item.id];
  return {
    name: item.name === seed.name ? t(`agents.${item.id}.name`) : item.name,
    description: (item.description === seed.description ? t(`agents.${item.id}.description`) : item.description) as D,
  };
}

/** What Meridian installs itself, said in the user's language; everything else as its owner wrote it. */
export function useBuiltinText() {
  const t = useTranslations("builtin");
  return useMemo(
    () => ({
      skill: (item: Parameters<typeof skillText>[1]) => skillText(t, item),
      agent: <D extends string | null>(item: { id: string; name: string; description: D }) => agentText(t, item),
    }),
    [t],
  );
}
