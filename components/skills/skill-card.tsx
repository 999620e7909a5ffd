"use client";

import { cn } from "@/components/ui/cn";
import { Download, Sparkles, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { Switch } from "@/components/ui/switch";
import { Tooltip } from "@/components/ui/tooltip";
import { skillsApi, type SkillView } from "./api";
import { SkillBadges } from "./skill-badges";
import { skillHref } from "./skill-links";
import { useBuiltinText } from "@/components/format/builtin-text";

type Props = {
  skill: SkillView;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
};

/** One skill in the list: the whole card opens it; switch, export and delete sit above the link. */
export function SkillCard({ skill, toggling, onToggle, onDelete }: Props) {
  const t = useTranslations("skills");
  const text = useBuiltinText().skill(skill);
  const canToggle = skill.canManage && skill.scope === "shared";
  return (
    <article
      className={cn(
        "group relative flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 transition-[border-color,box-shadow] hover:border-brand/40 hover:shadow-(--shadow-popover)",
        (!skill.enabled || skill.overridden) && "bg-muted/40",
      )}
      data-testid="skill-card"
      data-slug={skill.slug}
      data-scope={skill.scope}
      data-enabled={skill.enabled}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-xl",
            skill.enabled ? "bg-brand-soft text-brand" : "bg-muted text-muted-foreground",
          )}
        >
          <Sparkles className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <Link
            href={skillHref(skill)}
            className="block truncate font-medium outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
            data-testid="skill-open"
          >
            {text.name}
          </Link>
          <p className="truncate font-mono text-xs text-muted-foreground">{skill.slug}</p>
        </div>
        {canToggle && (
          <Switch
            size="sm"
            checked={skill.enabled}
            onCheckedChange={onToggle}
            disabled={toggling}
            label={t("enableLabel", { name: text.name })}
            className="relative z-10 mt-1"
            data-testid="skill-enabled-toggle"
          />
        )}
      </div>
      {skill.problem ? (
        <p className="mt-2.5 line-clamp-2 min-h-10 text-sm text-danger" data-testid="skill-problem">
          {skill.problem}
        </p>
      ) : (
        <p className="mt-2.5 line-clamp-2 min-h-10 text-sm text-muted-foreground">{text.description}</p>
      )}
      <div className="mt-3 flex items-center justify-between gap-2">
        <SkillBadges skill={skill} />
        <div className="relative z-10 flex shrink-0 items-center gap-0.5">
          <Tooltip content={t("export")} side="top" decorative>
            <a
              href={skillsApi.exportUrl(skill)}
              download
              aria-label={t("export")}
              className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              data-testid="skill-export"
            >
              <Download className="size-3.5" aria-hidden />
            </a>
          </Tooltip>
          {skill.canManage && skill.source !== "builtin" && (
            <IconButton
              label={t("delete")}
              icon={<Trash2 />}
              size="sm"
              tooltipSide="top-end"
              onClick={onDelete}
              className="hover:text-danger"
              data-testid="skill-delete"
            />
          )}
        </div>
      </div>
    </article>
  );
}
