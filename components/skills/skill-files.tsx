"use client";

import { cn } from "@/components/ui/cn";
import { FilePlus2, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import { IconButton } from "@/components/ui/icon-button";
import type { SkillFile } from "./api";

/** SKILL.md first, then the rest by path. */
function sortedFiles(files: SkillFile[]): SkillFile[] {
  return [...files].sort((a, b) =>
    a.path === "SKILL.md" ? -1 : b.path === "SKILL.md" ? 1 : a.path.localeCompare(b.path),
  );
}

/** The skill's files: pick one to edit; add and delete when the user manages the skill (SKILL.md stays). */
export function SkillFiles({
  files,
  selected,
  dirty,
  canManage,
  onSelect,
  onAdd,
  onDelete,
}: {
  files: SkillFile[];
  selected: string;
  dirty: (path: string) => boolean;
  canManage: boolean;
  onSelect: (path: string) => void;
  onAdd: () => void;
  onDelete: (path: string) => void;
}) {
  const t = useTranslations("skills.files");
  const format = useFormatter();
  return (
    <nav
      aria-label={t("label")}
      className="flex min-h-0 flex-col border-border max-md:max-h-44 max-md:border-b md:w-60 md:shrink-0 md:border-r"
      data-testid="skill-files"
    >
      <div className="flex h-11 shrink-0 items-center justify-between gap-2 px-3">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground caps">
          {t("title", { count: files.length })}
        </h2>
        {canManage && (
          <IconButton label={t("add")} icon={<FilePlus2 />} size="sm" onClick={onAdd} data-testid="skill-file-add" />
        )}
      </div>
      <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-2">
        {sortedFiles(files).map((file) => {
          const active = file.path === selected;
          return (
            <li key={file.path} className="group/file relative">
              <button
                type="button"
                onClick={() => onSelect(file.path)}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "flex w-full items-center gap-2 rounded-lg py-1.5 pr-8 pl-2 text-left text-sm transition-colors",
                  active
                    ? "bg-accent font-medium text-foreground"
                    : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                )}
                title={`${file.path} · ${format.number(file.size, { notation: "compact", style: "unit", unit: "byte", unitDisplay: "narrow" })}`}
                data-testid="skill-file"
                data-path={file.path}
              >
                <FileIcon name={file.path} className="size-4" />
                <span className="min-w-0 flex-1 truncate font-mono text-[12.5px]">{file.path}</span>
                {dirty(file.path) && (
                  <span
                    className="size-1.5 shrink-0 rounded-full bg-brand"
                    aria-label={t("unsaved")}
                    data-testid="skill-file-dirty"
                  />
                )}
              </button>
              {canManage && file.path !== "SKILL.md" && (
                <div className="absolute top-1/2 right-1 flex -translate-y-1/2 opacity-0 group-hover/file:opacity-100 focus-within:opacity-100">
                  <IconButton
                    label={t("delete", { path: file.path })}
                    icon={<Trash2 />}
                    size="sm"
                    tooltipSide="left"
                    onClick={() => onDelete(file.path)}
                    className="hover:text-danger"
                    data-testid="skill-file-delete"
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
