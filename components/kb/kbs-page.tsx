"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { ShellPageHeader } from "@/components/shell/shell-page-header";
import type { KbView } from "./api";
import { KbDetail } from "./kb-detail";
import { KbsList } from "./kbs-list";

/** /kbs inside the chat shell: the list, or one knowledge base opened by `?kb=<id>` (see kb-links.ts). */
export function KbsPage({ actor }: { actor: AgentsActor }) {
  const t = useTranslations("kbs");
  const params = useSearchParams();
  const reportError = useReportError();
  const list = useApiList<KbView>("/api/kbs", { onError: reportError });
  const kbId = params.get("kb");

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="kbs-page">
      <ShellPageHeader title={t("title")} />
      {kbId ? (
        <KbDetail key={kbId} kbId={kbId} actor={actor} onChanged={() => void list.reload()} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
            <KbsList list={list} />
          </div>
        </div>
      )}
    </div>
  );
}
