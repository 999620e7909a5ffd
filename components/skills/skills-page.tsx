"use client";

import { Menu } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { CAN_CREATE } from "@/lib/sharing/resolve-access";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useSidebarState } from "@/components/shell/sidebar-state";
import { IconButton } from "@/components/ui/icon-button";
import { SkillDetail } from "./skill-detail";
import { SkillsList } from "./skills-list";
import { useSkills } from "./use-skills";

/** /skills inside the chat shell: the list, or one skill opened by `?skill=<slug>&scope=`. */
export function SkillsPage({ actor }: { actor: AgentsActor }) {
  const t = useTranslations("skills");
  const { setOpen } = useSidebarState();
  const params = useSearchParams();
  const list = useSkills();
  const slug = params.get("skill");
  const scope = params.get("scope") === "shared" ? "shared" : "personal";

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="skills-page">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border/60 px-3 sm:px-4">
        <IconButton label={t("openSidebar")} icon={<Menu />} className="lg:hidden" onClick={() => setOpen(true)} data-testid="sidebar-open" />
        <h1 className="min-w-0 flex-1 truncate text-[15px] font-medium">{t("title")}</h1>
      </header>
      {slug ? (
        <SkillDetail key={`${scope}:${slug}`} skillRef={{ slug, scope }} actor={actor} onChanged={() => void list.reload()} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
            <SkillsList list={list} canCreateShared={CAN_CREATE.skill.includes(actor.role)} />
          </div>
        </div>
      )}
    </div>
  );
}
