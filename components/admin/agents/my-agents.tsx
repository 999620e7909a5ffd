"use client";

import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSidebarState } from "@/components/shell/sidebar-state";
import { IconButton } from "@/components/ui/icon-button";
import { AgentsManager } from "./agents-manager";
import type { AgentsActor } from "./types";

/** The agents screen inside the chat shell (/agents), for members and admins alike. */
export function MyAgents({ actor }: { actor: AgentsActor }) {
  const t = useTranslations("agents");
  const { setOpen } = useSidebarState();
  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="agents-page">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border/60 px-3 sm:px-4">
        <IconButton label={t("openSidebar")} icon={<Menu />} className="lg:hidden" onClick={() => setOpen(true)} data-testid="sidebar-open" />
        <h1 className="min-w-0 flex-1 truncate text-[15px] font-medium">{t("myTitle")}</h1>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
          <AgentsManager actor={actor} embedded />
        </div>
      </div>
    </div>
  );
}
