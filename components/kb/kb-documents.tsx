"use client";

import { FileText } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { useFileDrop } from "@/components/chat/attachments/use-file-drop";
import { useReportError } from "@/components/hooks/use-report-error";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { kbsApi, type KbDocument, type KbView } from "./api";
import { DocumentRow } from "./document-row";
import { KbUploadZone } from "./kb-upload-zone";
import { useKbDocuments } from "./use-kb-documents";
import { useKbUpload } from "./use-kb-upload";

/** The Documents tab: upload (managers), then each document with its status, progress, retry and delete. */
export function KbDocuments({ kb, onChanged }: { kb: KbView; onChanged: () => void }) {
  const t = useTranslations("kbs.documents");
  const reportError = useReportError();
  const canManage = kb.access === "manage";
  const documents = useKbDocuments(kb.id, onChanged);
  const [deleting, setDeleting] = useState<KbDocument | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const { upsert, drop } = documents;

  const onUploaded = useCallback(
    (docs: KbDocument[]) => {
      upsert(docs);
      toast.success(t("uploaded", { count: docs.length }));
      onChanged();
    },
    [upsert, onChanged, t],
  );
  const uploader = useKbUpload(kb.id, onUploaded);
  const { upload } = uploader;
  const pick = useCallback((files: File[]) => void upload(files), [upload]);
  const { dragging, dropHandlers } = useFileDrop(pick, canManage && uploader.state.status !== "uploading");

  async function retry(doc: KbDocument) {
    setRetrying(doc.id);
    try {
      upsert([await kbsApi.retryDocument(kb.id, doc.id)]);
    } catch (error) {
      reportError(error);
    } finally {
      setRetrying(null);
    }
  }

  async function remove() {
    const doc = deleting;
    setDeleting(null);
    if (!doc) return;
    try {
      await kbsApi.removeDocument(kb.id, doc.id);
      drop(doc.id);
      toast.success(t("deleted", { name: doc.name }));
      onChanged();
    } catch (error) {
      reportError(error);
    }
  }

  const docs = documents.docs;
  return (
    <div className="space-y-4" {...(canManage ? dropHandlers : {})} data-testid="kb-documents">
      {canManage && (
        <KbUploadZone state={uploader.state} dragging={dragging} onPick={pick} onDismiss={uploader.dismiss} />
      )}
      {docs === null ? (
        <div className="space-y-2" aria-label={t("loading")}>
          <div className="h-16 animate-pulse rounded-xl bg-muted" />
          <div className="h-16 animate-pulse rounded-xl bg-muted" />
        </div>
      ) : docs.length === 0 ? (
        <div
          className="flex items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-5 text-sm text-muted-foreground"
          data-testid="kb-documents-empty"
        >
          <FileText className="size-4 shrink-0" aria-hidden />
          {canManage ? t("emptyManage") : t("empty")}
        </div>
      ) : (
        <section aria-labelledby="kb-documents-title">
          <h3 id="kb-documents-title" className="mb-2 flex items-baseline gap-2 text-sm font-semibold">
            {t("title")}
            <span className="text-xs font-normal text-muted-foreground tabular-nums">{docs.length}</span>
          </h3>
          <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
            {docs.map((doc) => (
              <DocumentRow
                key={doc.id}
                kbId={kb.id}
                doc={doc}
                canManage={canManage}
                retrying={retrying === doc.id}
                onRetry={() => void retry(doc)}
                onDelete={() => setDeleting(doc)}
              />
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
