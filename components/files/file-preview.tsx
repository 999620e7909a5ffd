"use client";

import { ArrowLeft, Download, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { FileIcon } from "./file-icon";
import { FilePreviewBody } from "./file-preview-body";
import { downloadUrl } from "./file-urls";
import type { FileTarget } from "./types";
import { useFileSize } from "./use-file-size";

/** One file: a header (back, name, size, download, delete) above its preview. */
export function FilePreview({
  target,
  threadId,
  onBack,
  onDelete,
}: {
  target: FileTarget;
  threadId: string;
  onBack: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("files");
  const size = useFileSize();
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="file-preview" data-path={target.path}>
      <div className="flex h-12 shrink-0 items-center gap-1 border-b border-border/60 px-2">
        <IconButton label={t("back")} icon={<ArrowLeft />} size="sm" onClick={onBack} data-testid="file-preview-back" />
        <FileIcon name={target.name} mediaType={target.mediaType} className="ml-1 size-4" />
        <div className="ml-1 flex min-w-0 flex-1 flex-col leading-tight">
          <span className="truncate text-[13px] font-medium" title={target.path} data-testid="file-preview-name">
            {target.name}
          </span>
          {target.size !== undefined && (
            <span className="text-[11px] text-muted-foreground tabular-nums">{size(target.size)}</span>
          )}
        </div>
        <a
          href={downloadUrl(target.scope, threadId, target.path)}
          download
          aria-label={t("download")}
          title={t("download")}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          data-testid="file-download"
        >
          <Download className="size-3.5" aria-hidden />
        </a>
        <IconButton
          label={t("delete")}
          icon={<Trash2 />}
          size="sm"
          tooltipSide="left"
          onClick={onDelete}
          className="hover:text-danger"
          data-testid="file-delete"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <FilePreviewBody key={target.path} target={target} threadId={threadId} version={target.modifiedAt} />
      </div>
    </div>
  );
}
