"use client";

import { cn } from "@/components/ui/cn";
import { FileText, LoaderCircle, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFileSize } from "@/components/files/use-file-size";
import { Button } from "@/components/ui/button";
import { DeleteButton } from "@/components/ui/delete-button";
import type { KbDocument } from "./api";
import { isFailed, isFinal, overallProgress } from "./document-status";
import { FailureReason } from "./failure-reason";
import { pill } from "./kb-badges";
import { kbDocumentHref } from "./kb-links";

const TONES = {
  progress: "bg-brand-soft text-brand",
  done: "bg-success/12 text-success",
  failed: "bg-danger-soft text-danger",
} as const;

/** One document: name (opens the viewer), size and chunks, status with a progress bar or the failure's reason. */
export function DocumentRow({
  kbId,
  doc,
  canManage,
  retrying,
  onRetry,
  onDelete,
}: {
  kbId: string;
  doc: KbDocument;
  canManage: boolean;
  retrying: boolean;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("kbs.documents");
  const fileSize = useFileSize();
  const failed = isFailed(doc.status);
  const working = !isFinal(doc.status);
  const progress = overallProgress(doc);
  const tone = failed ? TONES.failed : working ? TONES.progress : TONES.done;

  return (
    <li className="px-3.5 py-3 sm:px-4" data-testid="kb-document" data-doc-id={doc.id} data-status={doc.status}>
      <div className="flex items-start gap-3">
        <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={kbDocumentHref(kbId, doc.id)}
              className="min-w-0 truncate text-sm font-medium hover:underline focus-visible:underline"
              data-testid="kb-document-open"
            >
              {doc.name}
            </Link>
            <span className={cn(pill, tone)} data-testid="kb-document-status">
              {working && <LoaderCircle className="mr-1 size-3 animate-spin" aria-hidden />}
              {t(`status.${doc.status}`)}
            </span>
          </div>
          <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
            {fileSize(doc.size)}
            {doc.status === "indexed" && <> · {t("chunks", { count: doc.chunkCount })}</>}
            {doc.lineCount > 0 && <> · {t("lines", { count: doc.lineCount })}</>}
          </p>
          {working && (
            <div
              role="progressbar"
              aria-label={t("progressLabel", { name: doc.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${t(`status.${doc.status}`)} ${progress}%`}
              className="mt-2 h-1.5 max-w-sm overflow-hidden rounded-full bg-muted"
              data-testid="kb-document-progress"
            >
              <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          )}
          {failed && (doc.error || doc.errorCode) && (
            <p className="mt-1.5 text-sm break-words text-danger" data-testid="kb-document-error">
              <FailureReason doc={doc} />
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex shrink-0 items-center gap-1">
            {failed && (
              <Button
                variant="outline"
                size="sm"
                onClick={onRetry}
                disabled={retrying}
                className="h-7 px-2.5 text-xs"
                data-testid="kb-document-retry"
              >
                {retrying ? (
                  <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
                ) : (
                  <RotateCcw className="size-3.5" aria-hidden />
                )}
                {t("retry")}
              </Button>
            )}
            <DeleteButton
              label={t("deleteLabel", { name: doc.name })}
              tooltipSide="top-end"
              onClick={onDelete}
              data-testid="kb-document-delete"
            />
          </div>
        )}
      </div>
    </li>
  );
}
