"use client";

import { cn } from "@/components/ui/cn";
import { FileArchive, LoaderCircle, UploadCloud, X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRef } from "react";
import type { UploadState } from "./use-skill-upload";

type Props = {
  state: UploadState;
  dragging: boolean;
  onPick: (file: File) => void;
  onDismiss: () => void;
};

/**
 * Where a skill zip goes in: a dashed strip to click (file picker) or drop onto, the upload's
 * progress, and a refusal in the server's words until it is dismissed.
 */
export function UploadZone({ state, dragging, onPick, onDismiss }: Props) {
  const t = useTranslations("skills.upload");
  const format = useFormatter();
  const input = useRef<HTMLInputElement>(null);
  const uploading = state.status === "uploading";

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
        data-testid="skill-upload-zone"
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
              <span className="block truncate text-sm font-medium">{t("uploading", { name: state.name })}</span>
              <span className="mt-1.5 block h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
                <span
                  className="block h-full rounded-full bg-brand transition-[width]"
                  style={{ width: `${Math.round(state.progress * 100)}%` }}
                />
              </span>
              <span className="sr-only">{format.number(state.progress, { style: "percent" })}</span>
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
        accept=".zip,application/zip"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("title")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onPick(file);
        }}
        data-testid="skill-upload-input"
      />
      {state.status === "failed" && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm"
          data-testid="skill-error"
        >
          <FileArchive className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-danger">{t("refused", { name: state.name })}</p>
            <p className="mt-0.5 break-words text-foreground/80" data-testid="skill-error-message">
              {state.message}
            </p>
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
