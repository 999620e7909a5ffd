"use client";

import { cn } from "@/components/ui/cn";
import { FolderKanban, HardDrive, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { Sheet } from "@/components/ui/sheet";
import { useFilePanel } from "./file-panel-context";
import { FileScopeView } from "./file-scope-view";
import type { FileScope } from "./types";

const TABS: { scope: FileScope; icon: typeof HardDrive }[] = [
  { scope: "workdir", icon: FolderKanban },
  { scope: "workspace", icon: HardDrive },
];

/**
 * Right-hand file panel (a drawer below `xl`): the chat's workdir and the personal
 * workspace, each a tree with preview, download, upload and delete. `live` while a run
 * streams, so files the agent writes show up.
 */
export function FilePanel({ threadId, agentId, live }: { threadId: string; agentId: string | null; live: boolean }) {
  const t = useTranslations("files");
  const panel = useFilePanel();

  return (
    <Sheet
      side="right"
      breakpoint="xl"
      open={panel.open}
      desktopOpen={panel.open}
      onClose={panel.close}
      label={t("title")}
      className="border-l border-border bg-background max-xl:w-[min(30rem,94vw)] xl:w-[26rem] 2xl:w-[28rem]"
      data-testid="file-panel"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-border/60 px-4">
        <h2 className="text-sm font-semibold">{t("title")}</h2>
        <IconButton
          label={t("close")}
          icon={<X />}
          tooltipSide="left"
          onClick={panel.close}
          data-testid="files-close"
        />
      </div>
      <div role="tablist" aria-label={t("title")} className="flex shrink-0 gap-1 border-b border-border/60 px-3">
        {TABS.map(({ scope, icon: Icon }) => {
          const selected = panel.scope === scope;
          return (
            <button
              key={scope}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => panel.setScope(scope)}
              className={cn(
                "-mb-px flex h-10 items-center gap-1.5 border-b-2 px-2.5 text-[13px] font-medium transition-colors",
                selected
                  ? "border-brand text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
              data-testid={`file-tab-${scope}`}
            >
              <Icon className="size-3.5" aria-hidden />
              {t(`tabs.${scope}`)}
            </button>
          );
        })}
      </div>
      {panel.open && (
        <FileScopeView key={panel.scope} scope={panel.scope} threadId={threadId} agentId={agentId} live={live} />
      )}
    </Sheet>
  );
}
