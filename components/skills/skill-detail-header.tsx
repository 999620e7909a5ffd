"use client";

import { ArrowLeft, Download, Share2, Sparkles, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { skillsApi, type SkillDetail } from "./api";
import { SkillBadges } from "./skill-badges";
import { useBuiltinText } from "@/components/format/builtin-text";

/** The opened skill's name, badges, dependencies and actions (switch, share, export, delete). */
export function SkillDetailHeader({
  skill,
  toggling,
  onToggle,
  onShare,
  onDelete,
}: {
  skill: SkillDetail;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("skills");
  const text = useBuiltinText().skill(skill);
  const shared = skill.scope === "shared";
  const deps = [
    ...skill.dependencies.tools.map((name) => ({ kind: "tools", name })),
    ...skill.dependencies.mcps.map((name) => ({ kind: "mcps", name })),
    ...skill.dependencies.skills.map((name) => ({ kind: "skills", name })),
  ] as const;

  return (
    <div className="shrink-0 border-b border-border px-4 pt-3 pb-4 sm:px-6">
      <Link
        href="/skills"
        className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        data-testid="skill-back"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("backToList")}
      </Link>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
            <Sparkles className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h2 className="truncate text-lg font-semibold tracking-tight" data-testid="skill-name">
                {text.name}
              </h2>
              <span className="font-mono text-xs text-muted-foreground">{skill.slug}</span>
            </div>
            <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground" data-testid="skill-description">
              {text.description}
            </p>
            <SkillBadges skill={skill} className="mt-2" />
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {shared && skill.canManage && (
            <label className="mr-1 flex items-center gap-2 text-sm text-muted-foreground">
              {skill.enabled ? t("enabled") : t("badges.disabled")}
              <Switch
                checked={skill.enabled}
                onCheckedChange={onToggle}
                disabled={toggling}
                label={t("enableLabel", { name: text.name })}
                data-testid="skill-enabled-toggle"
              />
            </label>
          )}
          {shared && skill.canManage && (
            <Button variant="outline" size="sm" onClick={onShare} data-testid="skill-share">
              <Share2 className="size-4" aria-hidden />
              {t("share")}
            </Button>
          )}
          <a
            href={skillsApi.exportUrl(skill)}
            download
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-border bg-background px-3 text-sm font-medium transition-colors hover:bg-muted"
            data-testid="skill-export"
          >
            <Download className="size-4" aria-hidden />
            {t("export")}
          </a>
          {skill.canManage && skill.source !== "builtin" && (
            <Button
              variant="outline"
              size="sm"
              onClick={onDelete}
              className="hover:border-danger/40 hover:text-danger"
              data-testid="skill-delete"
            >
              <Trash2 className="size-4" aria-hidden />
              {t("delete")}
            </Button>
          )}
        </div>
      </div>
      {deps.length > 0 && (
        <p
          className="mt-3 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground"
          data-testid="skill-dependencies"
        >
          <span>{t("dependsOn")}</span>
          {deps.map((dep) => (
            <span
              key={`${dep.kind}:${dep.name}`}
              className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[11px] text-foreground/80"
              title={t(`dependencyKinds.${dep.kind}`)}
            >
              {dep.name}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
