"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { CAN_CREATE } from "@/lib/sharing/resolve-access";
import type { AgentsActor } from "@/components/admin/agents/types";
import { ShellPageHeader } from "@/components/shell/shell-page-header";
import { SkillDetail } from "./skill-detail";
import { SkillsList } from "./skills-list";
import { useSkills } from "./use-skills";

/** /skills inside the chat shell: the list, or one skill opened by `?skill=<slug>&scope=`. */
export function SkillsPage({ actor }: { actor: AgentsActor }) {
  const t = useTranslations("skills");
  const params = useSearchParams();
  const list = useSkills();
  const slug = params.get("skill");
  const scope = params.get("scope") === "shared" ? "shared" : "personal";

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="skills-page">
      <ShellPageHeader title={t("title")} />
      {slug ? (
        <SkillDetail
          key={`${scope}:${slug}`}
          skillRef={{ slug, scope }}
          actor={actor}
          onChanged={() => void list.reload()}
        />
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
