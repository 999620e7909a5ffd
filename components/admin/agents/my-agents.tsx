"use client";

import { useTranslations } from "next-intl";
import { ShellPageHeader } from "@/components/shell/shell-page-header";
import { AgentsManager } from "./agents-manager";
import type { AgentsActor } from "./types";

/** The agents screen inside the chat shell (/agents), for members and admins alike. */
export function MyAgents({ actor }: { actor: AgentsActor }) {
  const t = useTranslations("agents");
  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="agents-page">
      <ShellPageHeader title={t("myTitle")} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
          <AgentsManager actor={actor} embedded />
        </div>
      </div>
    </div>
  );
}
