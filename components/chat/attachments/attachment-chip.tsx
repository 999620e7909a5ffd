"use client";

import { cn } from "@/components/ui/cn";
import { AlertCircle, Loader2, X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import type { UploadResult } from "@/components/files/types";
import { useFileSize } from "@/components/files/use-file-size";
import type { UploadItem } from "@/components/files/use-uploads";

/**
 * One picked file in the composer: name, size or progress, its error, and a remove button
 * (which, for a finished upload, deletes the file first; a failed removal is shown here).
 */
export function AttachmentChip({ item, onRemove }: { item: UploadItem<UploadResult>; onRemove: () => void }) {
  const t = useTranslations("files");
  const format = useFormatter();
  const size = useFileSize();
  const failed = item.status === "failed";
  const problem = failed ? item.error : item.removeError;
  const detail =
    item.status === "uploading"
      ? t("uploading", { percent: format.number(item.progress, { style: "percent" }) })
      : item.removing
        ? t("removing")
        : (problem ?? size(item.result?.size ?? item.size));

  return (
    <div
      className={cn(
        "relative flex max-w-full min-w-0 items-center gap-2 overflow-hidden rounded-xl border py-1.5 pr-1.5 pl-2 sm:max-w-72",
        problem ? "border-danger/40 bg-danger-soft" : "border-border bg-muted/50",
        item.removing && "opacity-60",
      )}
      data-testid="attachment-chip"
      data-status={item.status}
      aria-busy={item.removing || undefined}
      title={problem ? `${item.name}: ${problem}` : item.name}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-background">
        {problem ? (
          <AlertCircle className="size-4 text-danger" aria-hidden />
        ) : (
          <FileIcon name={item.name} mediaType={item.result?.mediaType} className="size-4" />
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col leading-tight">
        <span className="truncate text-[13px] font-medium" data-testid="attachment-name">
          {item.name}
        </span>
        <span
          className={cn("truncate text-[11px] tabular-nums", problem ? "text-danger" : "text-muted-foreground")}
          data-testid={failed ? "attachment-error" : item.removeError ? "attachment-remove-error" : "attachment-detail"}
          role={item.removeError ? "alert" : undefined}
        >
          {detail}
        </span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={item.removing}
        aria-label={t("removeAttachment", { name: item.name })}
        className="flex size-6 shrink-0 items-center justify-center self-start rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:pointer-events-none"
        data-testid="attachment-remove"
      >
        {item.removing ? (
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
        ) : (
          <X className="size-3.5" aria-hidden />
        )}
      </button>
      {item.status === "uploading" && (
        <span
          className="absolute inset-x-0 bottom-0 h-0.5 bg-border"
          role="progressbar"
          aria-label={t("uploadProgress", { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(item.progress * 100)}
          data-testid="attachment-progress"
        >
          <span
            className="block h-full bg-brand transition-[width] duration-150"
            style={{ width: `${item.progress * 100}%` }}
          />
        </span>
      )}
    </div>
  );
}
