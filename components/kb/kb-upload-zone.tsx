"use client";

import { cn } from "@/components/ui/cn";
import { FileWarning, LoaderCircle, UploadCloud, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { KB_UPLOAD_ACCEPT } from "./upload-formats";
import type { KbUploadState } from "./use-kb-upload";

type Props = {
  state: KbUploadState;
  dragging: boolean;
  onPick: (files: File[]) => void;
  onDismiss: () => void;
};

/** Where documents go in: a dashed strip to click (several files at once) or drop onto, with the upload's progress. */
export function KbUploadZone({ state, dragging, onPick, onDismiss }: Props) {
  const t = useTranslations("kbs.upload");
  const input = useRef<HTMLInputElement>(null);
  const uploading = state.status === "uploading";
  const percent = uploading ? Math.round(state.progress * 100) : 0;

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={uploading}
        className={cn(
          "flex w-full items-center gap-3 rounded-2xl border border-dashed px-4 py-3.5 text-left transition-colors",
          dragging ? "border-brand bg-brand-soft/60" : "border-border bg-card hover:border-brand/50 hover:bg-muted/40",
        )}
        data-testid="kb-upload-zone"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          {uploading ? (
            <LoaderCircle className="size-4 animate-spin text-brand" aria-hidden />
          ) : (
            <UploadCloud className="size-4" aria-hidden />
          )}
        </span>
        <span className="min-w-0 flex-1">
          {uploading ? (
            <>
              <span className="block truncate text-sm font-medium">{t("uploading", { count: state.count })}</span>
              <span
                role="progressbar"
                aria-label={t("uploading", { count: state.count })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1.5 block h-1 overflow-hidden rounded-full bg-muted"
              >
                <span
                  className="block h-full rounded-full bg-brand transition-[width]"
                  style={{ width: `${percent}%` }}
                />
              </span>
            </>
          ) : (
            <>
              <span className="block text-sm font-medium">{dragging ? t("dropNow") : t("title")}</span>
              <span className="block text-xs text-muted-foreground">{t("hint")}</span>
            </>
          )}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={KB_UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t("title")}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onPick(files);
        }}
        data-testid="kb-upload-input"
      />
      {state.status === "failed" && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm"
          data-testid="kb-upload-error"
        >
          <FileWarning className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-danger">{t("refused")}</p>
            <p className="mt-0.5 break-words text-foreground/80">{state.message}</p>
          </div>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={t("dismiss")}
            className="rounded-md p-1 text-muted-foreground hover:bg-background/60 hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
