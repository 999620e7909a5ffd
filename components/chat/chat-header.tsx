"use client";

import { FolderOpen, PanelRight } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SidebarOpenButton } from "@/components/shell/sidebar-open-button";
import { IconButton } from "@/components/ui/icon-button";

export function ChatHeader({
  title,
  titleSlot,
  running,
  onTogglePanel,
  panelOpen,
  onToggleFiles,
  filesOpen,
}: {
  title: string;
  /** Replaces the title (the agent picker of a new chat). */
  titleSlot?: ReactNode;
  running: boolean;
  onTogglePanel: () => void;
  panelOpen: boolean;
  onToggleFiles: () => void;
  filesOpen: boolean;
}) {
  const t = useTranslations("chat");
  const tf = useTranslations("files");

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border/60 px-3 sm:px-4">
      <SidebarOpenButton />
      <h1
        className={titleSlot ? "sr-only" : "min-w-0 flex-1 truncate text-[15px] font-medium"}
        data-testid="chat-title"
      >
        {title}
      </h1>
      {titleSlot && <div className="flex min-w-0 flex-1 items-center">{titleSlot}</div>}
      {running && (
        <span className="hidden items-center gap-1.5 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand sm:inline-flex">
          <span className="size-1.5 animate-pulse rounded-full bg-brand" aria-hidden />
          {t("running")}
        </span>
      )}
      <IconButton
        label={filesOpen ? tf("hide") : tf("show")}
        icon={<FolderOpen />}
        tooltipSide="left"
        onClick={onToggleFiles}
        aria-pressed={filesOpen}
        className={filesOpen ? "bg-accent text-foreground" : undefined}
        data-testid="files-toggle"
      />
      <IconButton
        label={panelOpen ? t("hidePanel") : t("showPanel")}
        icon={<PanelRight />}
        tooltipSide="left"
        onClick={onTogglePanel}
        aria-pressed={panelOpen}
        data-testid="panel-toggle"
      />
    </header>
  );
}
