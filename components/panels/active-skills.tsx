"use client";

import { cn } from "@/components/ui/cn";
import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { ActiveSkillsState } from "./active-skills-state";
import { PanelSection } from "./panel-section";
import { useSkillNames } from "./use-skill-names";

/** How long a skill activated during the stream stays highlighted. */
const HIGHLIGHT_MS = 2600;

/** Skills the agent has activated in this conversation; one that activates live lights up briefly. */
export function ActiveSkills({ skills }: { skills: ActiveSkillsState }) {
  const t = useTranslations("skills.panel");
  const names = useSkillNames(skills.activated, skills.names, skills.builtins);
  const [expiredFor, setExpiredFor] = useState<string[] | null>(null);
  const highlighted = expiredFor === skills.fresh ? [] : skills.fresh;

  useEffect(() => {
    if (skills.fresh.length === 0) return;
    const timer = window.setTimeout(() => setExpiredFor(skills.fresh), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [skills.fresh]);

  return (
    <PanelSection
      title={t("title")}
      aside={
        skills.activated.length > 0 && (
          <span className="text-xs text-muted-foreground tabular-nums">{skills.activated.length}</span>
        )
      }
      data-testid="active-skills"
    >
      {skills.activated.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Sparkles className="size-4 shrink-0 opacity-70" aria-hidden />
          {t("none")}
        </p>
      ) : (
        <ul className="space-y-1.5" aria-live="polite">
          {skills.activated.map((slug) => {
            const fresh = highlighted.includes(slug);
            const name = names[slug];
            return (
              <li
                key={slug}
                className={cn(
                  "flex items-center gap-2.5 rounded-xl border px-2.5 py-2 transition-[background-color,border-color,box-shadow] duration-1000 ease-out",
                  fresh
                    ? "animate-pop-in border-brand/50 bg-brand-soft shadow-[0_0_0_3px_color-mix(in_oklab,var(--brand)_16%,transparent)]"
                    : "border-border bg-card shadow-none",
                )}
                data-testid="active-skill"
                data-slug={slug}
                data-fresh={fresh}
              >
                <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                  <Sparkles className={cn("size-3.5", fresh && "animate-pulse")} aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium" title={name ?? slug}>
                    {name ?? slug}
                  </span>
                  <span className="flex min-w-0 items-center gap-1.5 text-[11px]">
                    {name && <span className="truncate font-mono text-muted-foreground">{slug}</span>}
                    {fresh && <span className="shrink-0 font-medium text-brand">{t("justActivated")}</span>}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </PanelSection>
  );
}
