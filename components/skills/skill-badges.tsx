"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { SkillView } from "./api";

const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap";

/** Scope, built-in, disabled and overridden, as small pills. */
export function SkillBadges({ skill, className }: { skill: SkillView; className?: string }) {
  const t = useTranslations("skills.badges");
  return (
    <span className={cn("flex flex-wrap items-center gap-1.5", className)}>
      <span
        className={cn(pill, skill.scope === "shared" ? "bg-brand-soft text-brand" : "bg-muted text-muted-foreground")}
        data-testid="skill-scope"
        data-scope={skill.scope}
      >
        {t(skill.scope)}
      </span>
      {skill.source === "builtin" && (
        <span className={cn(pill, "border border-border text-foreground")} data-testid="skill-builtin">
          {t("builtin")}
        </span>
      )}
      {!skill.enabled && (
        <span className={cn(pill, "border border-border text-muted-foreground")} data-testid="skill-disabled">
          {t("disabled")}
        </span>
      )}
      {skill.overridden && (
        <span
          className={cn(pill, "bg-warning/12 text-warning")}
          data-testid="skill-overridden"
          title={t("overriddenHint")}
        >
          {t("overridden")}
        </span>
      )}
    </span>
  );
}
