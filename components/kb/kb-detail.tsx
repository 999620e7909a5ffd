"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ApiClientError } from "@/components/api/client";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useReportError } from "@/components/hooks/use-report-error";
import { kbsApi, type KbView } from "./api";
import { DocumentViewer } from "./document-viewer";
import { KbDetailHeader } from "./kb-detail-header";
import { KbDocuments } from "./kb-documents";
import { kbHref, kbTabOf, lineParam, type KbTab } from "./kb-links";
import { KbMindmap } from "./kb-mindmap";
import { KbRetrieval } from "./kb-retrieval";
import { KbSettings } from "./kb-settings";
import { KbTabs } from "./kb-tabs";
import { LoadingBlock } from "@/components/ui/loading-block";

/** One knowledge base opened: its header and tabs, or one of its documents in the viewer (`&doc=`). */
export function KbDetail({ kbId, actor, onChanged }: { kbId: string; actor: AgentsActor; onChanged: () => void }) {
  const t = useTranslations("kbs");
  const router = useRouter();
  const params = useSearchParams();
  const reportError = useReportError();
  const [kb, setKb] = useState<KbView | null>(null);
  const [missing, setMissing] = useState(false);
  const docId = params.get("doc");
  const requested = kbTabOf(params.get("tab"));

  const refresh = useCallback(async () => {
    try {
      setKb(await kbsApi.get(kbId));
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) setMissing(true);
      else reportError(error);
    }
  }, [kbId, reportError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void refresh();
  }, [refresh]);

  const documentsChanged = useCallback(() => {
    void refresh();
    onChanged();
  }, [refresh, onChanged]);

  if (missing) {
    return (
      <div
        className="flex flex-1 items-center justify-center px-6 text-center text-sm text-muted-foreground"
        data-testid="kb-not-found"
      >
        {t("notFound")}
      </div>
    );
  }
  if (!kb) return <LoadingBlock className="m-6 h-40" label={t("loading")} />;

  if (docId) {
    const line = lineParam(params.get("line"));
    return (
      <DocumentViewer
        key={`${docId}:${line}:${params.get("to")}`}
        kb={kb}
        docId={docId}
        line={line}
        to={lineParam(params.get("to"))}
      />
    );
  }

  const canManage = kb.access === "manage";
  const tab: KbTab = requested === "settings" && !canManage ? "documents" : requested;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" data-testid="kb-detail" data-kb-id={kb.id}>
      <div className="mx-auto w-full max-w-4xl px-4 pt-3 pb-8 sm:px-6">
        <KbDetailHeader kb={kb} />
        <KbTabs
          value={tab}
          canManage={canManage}
          onChange={(next) => router.replace(kbHref(kb.id, next), { scroll: false })}
        />
        <div role="tabpanel" id={`kb-panel-${tab}`} aria-labelledby={`kb-tab-${tab}`} className="pt-5">
          {tab === "documents" && <KbDocuments kb={kb} onChanged={documentsChanged} />}
          {tab === "retrieval" && <KbRetrieval kb={kb} />}
          {tab === "mindmap" && <KbMindmap kb={kb} />}
          {tab === "settings" && (
            <KbSettings
              kb={kb}
              actor={actor}
              onSaved={(view) => {
                setKb(view);
                onChanged();
              }}
              onDeleted={() => {
                onChanged();
                router.push("/kbs");
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
